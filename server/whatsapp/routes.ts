// Meta's webhook for WhatsApp (issue 56): `GET /api/whatsapp/webhook` answers the subscription
// check with `hub.challenge` when `hub.verify_token` is the school's; `POST` takes notifications
// (message statuses, families' messages) only when `X-Hub-Signature-256` is the HMAC-SHA256 of the
// raw body under the app secret. Meta sends no account header: on a school's own host the school
// is the host's and the payload's number must be its; on the deployment's address (a Meta app
// whose callback serves several schools) the school is the one whose number the payload names, and
// the signature is checked with that school's app secret.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errorEnvelope } from '../http/errors.ts';
import { schoolOfRequest } from '../platform/resolve.ts';
import type { School } from '../platform/school.ts';
import { applyWebhook, webhookNumbers, type WebhookPayload } from '../../src/core/messaging/whatsapp.ts';

/** True when `signature` is 'sha256=' and the hex HMAC-SHA256 of `raw` under `secret`. */
export function validSignature(raw: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature?.startsWith('sha256=')) return false;
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(raw).digest('hex'), 'utf8');
  const given = Buffer.from(signature.slice('sha256='.length), 'utf8');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** What Meta is answered for a notification: taken, or not this deployment's to record. */
const Received = Type.Object({
  status: Type.Union([Type.Literal('EVENT_RECEIVED'), Type.Literal('IGNORED')]),
});

const Refused = Type.Object({
  success: Type.Literal(false),
  status: Type.Literal('ERROR'),
  message: Type.String(),
});

const NOT_SET_UP = 'WhatsApp no está configurado en esta escuela.';
const BAD_SIGNATURE = 'Firma del webhook inválida.';

export async function whatsappRoutes(app: FastifyInstance): Promise<void> {
  // The signature covers the body's exact bytes: this route reads them before any parsing.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );
  /** The schools this call may be for: the host's own, or on a shared address every school with a number. */
  const candidates = (request: FastifyRequest): School[] => {
    const own = app.schools.byHost(request.headers.host);
    if (own) return [own];
    const fallback = schoolOfRequest(request);
    return [fallback, ...app.schools.all().filter((school) => school !== fallback)].filter(
      (school) => school.whatsappSettings !== null,
    );
  };

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/whatsapp/webhook',
    async (request, reply) => {
      const schools = candidates(request).filter((school) => school.whatsappSettings);
      const query = request.query;
      if (schools.length === 0) return reply.status(404).send(errorEnvelope(NOT_SET_UP));
      const token = query['hub.verify_token'];
      if (
        query['hub.mode'] !== 'subscribe' ||
        !schools.some((school) => school.whatsappSettings!.verifyToken === token)
      )
        return reply.status(403).send(errorEnvelope('La verificación del webhook no coincide.'));
      return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
    },
  );

  app.post(
    '/whatsapp/webhook',
    { schema: { response: { 200: Received, '4xx': Refused } } },
    async (request, reply) => {
      const schools = candidates(request);
      if (schools.length === 0) return reply.status(404).send(errorEnvelope(NOT_SET_UP));
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-hub-signature-256'];
      const signature = typeof header === 'string' ? header : undefined;
      // Only a school whose app secret signed these bytes is asked what they say.
      const signers = schools.filter((school) =>
        validSignature(raw, signature, school.whatsappSettings!.appSecret),
      );
      if (signers.length === 0) {
        request.log.warn('a WhatsApp notification with a wrong or missing signature was refused');
        return reply.status(401).send(errorEnvelope(BAD_SIGNATURE));
      }
      let payload: WebhookPayload;
      try {
        payload = JSON.parse(raw.toString('utf8')) as WebhookPayload;
      } catch {
        return reply.status(400).send(errorEnvelope('Notificación ilegible.'));
      }
      // Signed by a school's secret but about a number it does not own: nobody's to record.
      const numbers = webhookNumbers(payload);
      const school = signers.find((candidate) =>
        numbers.every((number) => number === candidate.whatsappSettings!.phoneNumberId),
      );
      if (!school) {
        request.log.warn({ numbers }, 'a WhatsApp notification for another number was ignored');
        return reply.send({ status: 'IGNORED' });
      }
      await applyWebhook(school.core.deps, payload, new Date());
      return reply.send({ status: 'EVENT_RECEIVED' });
    },
  );
}
