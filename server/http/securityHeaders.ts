// Security headers from helmet, computed once at start-up and set on every answer by one cheap
// hook. @fastify/helmet rebuilt helmet's middleware, CSP parsing included, on every request: about
// 8% of the time of a small API call.
//
// Two sets. Pages, scripts, the API docs and the OAuth popup pages get helmet's full set with the
// app's CSP. JSON answers of the API get the headers that matter for an answer no browser renders
// as a document (OWASP's REST Security Cheat Sheet): a CSP that allows nothing and no framing,
// HSTS, nosniff, X-Frame-Options and Cross-Origin-Resource-Policy (no other site may read them),
// and `Cache-Control: no-store` (they are about one account or change with every write). The
// others (opener and agent-cluster isolation, referrer, DNS prefetch, IE and Flash switches) only
// act on documents; each header costs about 0.45 µs of a ~30 µs call (`node scripts/api-costs.ts`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for these options (they depend on nothing in the request). */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  // Helmet 8 throws a bad option at once; the callback only continues the middleware chain.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** The headers of the API's JSON answers (see the top of this file). */
export const API_HEADERS: Readonly<Record<string, string>> = {
  ...securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  }),
  // A route that may be cached sets its own, which replaces this one.
  'cache-control': 'no-store',
};

const OAUTH_PAGES = '/api/v1/auth/';
/** The 3-D Secure pages (server/routes/authentication-3ds.ts). */
const AUTHENTICATION_PAGES = '/api/autenticacion-3ds/';

/**
 * The 3-D Secure pages' headers (issue 21): shown in the payment step's frame (framed by the app
 * only), they run the bank's MethodForm as AZUL gives it (its inline script) and post forms to the
 * bank's pages, whose address AZUL gives per payment. Nothing of the app runs in them.
 */
export function authenticationPageHeaders(appOrigin: string): Readonly<Record<string, string>> {
  const bank = appOrigin.startsWith('https:') ? ['https:'] : ['https:', 'http:'];
  return {
    ...securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'none'"],
          scriptSrc: ["'unsafe-inline'"],
          styleSrc: ["'unsafe-inline'"],
          formAction: ["'self'", ...bank],
          frameSrc: ["'self'", ...bank],
          frameAncestors: ["'self'", appOrigin],
          baseUri: ["'none'"],
        },
      },
      crossOriginOpenerPolicy: false,
      // The bank's page is another site; it is told nothing of the app's addresses.
      referrerPolicy: { policy: 'no-referrer' },
      frameguard: { action: 'sameorigin' },
    }),
    'cache-control': 'no-store',
  };
}

/** The headers for an address: the API's JSON answers, the sign-in popup's pages, or pages. */
export function headersFor(
  url: string,
  page: Readonly<Record<string, string>>,
  oauthPage: Readonly<Record<string, string>>,
  authenticationPage: Readonly<Record<string, string>> = API_HEADERS,
): Readonly<Record<string, string>> {
  if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return page;
  if (url.startsWith(AUTHENTICATION_PAGES)) return authenticationPage;
  return url.startsWith(OAUTH_PAGES) ? oauthPage : API_HEADERS;
}

/** Sets the headers on every answer; returns the pages' set, for pages that API routes answer. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  pageOptions: HelmetOptions,
  appOrigin = '',
): Readonly<Record<string, string>> {
  const page = securityHeaders(pageOptions);
  // The sign-in popup's pages and redirects are documents, about one sign-in: never cached.
  const oauthPage = { ...page, 'cache-control': 'no-store' };
  const authenticationPage = appOrigin ? authenticationPageHeaders(appOrigin) : API_HEADERS;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url, page, oauthPage, authenticationPage));
    done();
  });
  return page;
}
