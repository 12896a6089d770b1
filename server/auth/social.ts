// Google and Facebook sign-in (DESIGN.md §2.15): an OAuth2 authorization-code flow in a popup,
// with @fastify/oauth2 doing the protocol. The popup ends on a small page of ours that posts the
// token to the opener (same origin only) and closes.
import crypto from 'node:crypto';
import { fastifyOauth2 as oauth2, type OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { OAuthProviderConfig } from '../config.ts';
import type { UserRecord } from '../../src/domain/records.ts';
import {
  SOCIAL_MESSAGES as M,
  decodeSocialPayload,
  type SocialMessage,
  type SocialPayload,
  type SocialProvider,
  SOCIAL_PROVIDERS,
} from '../../src/domain/social.ts';
import { escapeHtml } from '../../src/core/deps.ts';
import { hashPassword } from './password.ts';
import { newUser } from '../../src/domain/accounts.ts';
import { DuplicateKeyError } from '../store/port.ts';

const STATE_TTL_MS = 10 * 60 * 1000;

interface OAuthState {
  _id: string;
  provider: SocialProvider;
  payload: SocialPayload;
  created_at: Date;
}

interface Profile {
  email: string | null;
  name: string;
  picture: string | null;
  subject: string;
}

const FACEBOOK_GRAPH = 'https://graph.facebook.com/v19.0';

/** The popup's last page: no inline script (CSP), data in attributes, read by popup.js. */
function popupPage(reply: FastifyReply, status: number, message: SocialMessage, origin: string) {
  const text = message.ok ? M.working : (message.message ?? M.failed);
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Inicio de sesión</title></head>
<body data-origin="${escapeHtml(origin)}" data-message="${escapeHtml(JSON.stringify(message))}" style="font-family: system-ui, sans-serif; padding: 2rem; text-align: center">
<p>${escapeHtml(text)}</p>
<script src="/api/v1/auth/popup.js"></script>
</body></html>`;
  return (
    reply
      .status(status)
      .header('cache-control', 'no-store')
      // The popup must keep its opener after visiting the provider, or it cannot post back.
      .header('cross-origin-opener-policy', 'unsafe-none')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}

const POPUP_SCRIPT = `(function () {
  var body = document.body;
  var origin = body.getAttribute('data-origin');
  var message = JSON.parse(body.getAttribute('data-message'));
  if (window.opener && origin) {
    window.opener.postMessage(message, origin);
    if (message.ok) window.close();
  }
})();
`;

export async function socialAuthRoutes(app: FastifyInstance): Promise<void> {
  const states = app.store.collection<OAuthState>('oauth_states');
  const users = app.store.collection<UserRecord>('usuarios');
  const appOrigin = new URL(app.config.publicUrl).origin;
  const providers = new Map<string, OAuth2Namespace>();
  // The popup's payload travels with its request from the start to the state (and back at the
  // callback) without touching the request's validated query.
  const payloads = new WeakMap<object, SocialPayload>();

  const register = async (provider: SocialProvider, settings: OAuthProviderConfig | null) => {
    if (!settings) return;
    const name = `${provider}OAuth2`;
    await app.register(oauth2, {
      name,
      scope: provider === 'google' ? ['openid', 'email', 'profile'] : ['email', 'public_profile'],
      credentials: {
        client: { id: settings.clientId, secret: settings.clientSecret },
        ...(settings.issuer ? {} : { auth: oauth2.FACEBOOK_CONFIGURATION }),
      },
      ...(settings.issuer ? { discovery: { issuer: settings.issuer } } : {}),
      callbackUri: `${app.config.publicUrl}/api/v1/auth/${provider}/callback`,
      cookie: { path: '/api/v1/auth', secure: app.config.publicUrl.startsWith('https:') },
      // The state is created with the popup's payload and consumed once at the callback.
      generateStateFunction: async (request: object) => {
        const payload = payloads.get(request);
        if (!payload) throw new Error('missing payload');
        const state = crypto.randomBytes(24).toString('base64url');
        await states.insertOne({ _id: state, provider, payload, created_at: new Date() });
        return state;
      },
      checkStateFunction: async (request: { query: unknown }) => {
        const { query } = request;
        const state = typeof query === 'object' && query !== null && 'state' in query ? query.state : null;
        if (typeof state !== 'string') throw new Error('missing state');
        const found = await states.findById(state);
        const consumed = found ? await states.deleteMany({ _id: state }) : 0;
        if (
          !found ||
          consumed !== 1 ||
          found.provider !== provider ||
          Date.now() - found.created_at.getTime() > STATE_TTL_MS
        ) {
          throw new Error('invalid state');
        }
        payloads.set(request, found.payload);
        return true;
      },
    } as Parameters<typeof oauth2>[1]);
    providers.set(provider, app.getDecorator<OAuth2Namespace>(name));
  };
  await register('google', app.config.oauth.google);
  await register('facebook', app.config.oauth.facebook);

  app.get('/api/v1/auth/popup.js', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(POPUP_SCRIPT),
  );

  app.get<{ Params: { provider: string }; Querystring: { payload?: string } }>(
    '/api/v1/auth/:provider',
    async (request, reply) => {
      const oauth = providers.get(request.params.provider);
      const fail = (status: number, message: string) =>
        popupPage(reply, status, { source: 'escuela-oauth', ok: false, browserID: '', message }, appOrigin);
      if (!oauth) return fail(404, M.notConfigured);
      const payload =
        typeof request.query.payload === 'string' ? decodeSocialPayload(request.query.payload) : null;
      const clientOrigin =
        payload && URL.canParse(payload.clientURL) ? new URL(payload.clientURL).origin : null;
      // The token only ever goes back to this app, for this school's account.
      if (!payload || payload.accountID !== app.config.accountId || clientOrigin !== appOrigin)
        return fail(400, M.badRequest);
      payloads.set(request, payload);
      const uri = await oauth.generateAuthorizationUri(request, reply);
      return reply.redirect(uri);
    },
  );

  app.get<{ Params: { provider: string } }>('/api/v1/auth/:provider/callback', async (request, reply) => {
    const provider = SOCIAL_PROVIDERS.find((name) => name === request.params.provider);
    const oauth = provider && providers.get(provider);
    const fail = (status: number, message: string, browserID = '') =>
      popupPage(reply, status, { source: 'escuela-oauth', ok: false, browserID, message }, appOrigin);
    if (!provider || !oauth) return fail(404, M.notConfigured);
    let payload: SocialPayload;
    let profile: Profile;
    try {
      const { token } = await oauth.getAccessTokenFromAuthorizationCodeFlow(request, reply);
      const found = payloads.get(request);
      if (!found) throw new Error('invalid state');
      payload = found;
      profile = await fetchProfile(
        provider,
        oauth,
        token.access_token,
        Boolean(app.config.oauth[provider]?.issuer),
      );
    } catch (error) {
      request.log.warn({ err: error, provider }, 'social sign-in failed');
      const message = error instanceof Error && /state/.test(error.message) ? M.expired : M.failed;
      return fail(400, message);
    }
    if (!profile.email) return fail(400, M.noEmail, payload.browserID);

    let user = await users.findOne({ email: profile.email }, { withDeleted: true });
    if (user && user.status !== 'active') return fail(403, M.inactive, payload.browserID);
    if (!user) {
      // A social account has no usable password until the parent sets one through "forgot".
      const unusable = await hashPassword(crypto.randomBytes(32).toString('base64url'), app.hashing);
      try {
        user = await users.insertOne({
          ...newUser(profile.email, unusable, { name: profile.name, picture: profile.picture }),
          [`social_${provider}`]: profile.subject,
        });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        user = (await users.findOne({ email: profile.email }))!;
      }
    }
    return popupPage(
      reply,
      200,
      {
        source: 'escuela-oauth',
        ok: true,
        token: app.signToken(user._id, user.session_version ?? 0),
        userId: user._id,
        browserID: payload.browserID,
      },
      appOrigin,
    );
  });
}

async function fetchProfile(
  provider: SocialProvider,
  oauth: OAuth2Namespace,
  accessToken: string,
  discovery: boolean,
): Promise<Profile> {
  if (provider === 'google' || discovery) {
    const info = fieldsOf(await oauth.userinfo(accessToken));
    const verified =
      info.email_verified === undefined || info.email_verified === true || info.email_verified === 'true';
    return {
      email: typeof info.email === 'string' && verified ? info.email.toLowerCase() : null,
      name: typeof info.name === 'string' ? info.name : '',
      picture: typeof info.picture === 'string' ? info.picture : null,
      subject: text(info.sub) ?? '',
    };
  }
  const response = await fetch(
    `${FACEBOOK_GRAPH}/me?fields=id,name,email,picture.type(large)&access_token=${encodeURIComponent(accessToken)}`,
  );
  if (!response.ok) throw new Error(`facebook graph ${response.status}`);
  // The Graph API's answer is read field by field: nothing in it is trusted to have a shape.
  const info = fieldsOf(await response.json());
  const email = text(info.email);
  return {
    email: email?.toLowerCase() ?? null,
    name: text(info.name) ?? '',
    picture: text(fieldsOf(fieldsOf(info.picture).data).url) ?? null,
    subject: text(info.id) ?? '',
  };
}

const fieldsOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : {};

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
