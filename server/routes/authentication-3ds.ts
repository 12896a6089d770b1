// The pages of 3-D Secure 2 (issue 21; the rules are src/core/checkout/authentication.ts). The
// card's bank posts back here from the parent's browser, with no cookie (a cross-site form post):
// the session id in the address, 48 random hex digits, is the only key, and it only moves the
// order's own step on. Answers are small HTML pages shown in the payment step's frame.
//   GET  /api/autenticacion-3ds/:session         the frame: the bank's method form, or its challenge
//   POST /api/autenticacion-3ds/:session/metodo  AZUL's MethodNotificationUrl (threeDSMethodData)
//   POST /api/autenticacion-3ds/:session/fin     AZUL's TermUrl (cRes, or PaRes and MD for 3DS 1.0)
// Their headers are their own (server/http/securityHeaders.ts): framed by the app only, forms may
// post to the bank, and the bank's own inline script (its MethodForm) runs.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../src/core/deps.ts';
import { schoolOfRequest } from '../platform/resolve.ts';
import { continueAuthentication, currentStep } from '../../src/core/checkout/authentication.ts';
import { BANK_STEP_RECEIVED } from '../../src/domain/authentication.ts';

const page = (body: string) =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Verificación de su banco</title></head><body style="margin:0;font-family:system-ui,sans-serif">${body}</body></html>`;

const DONE = page(`<p style="margin:1rem">${BANK_STEP_RECEIVED}</p>`);

/** A form the browser posts at once (the challenge's creq and TermUrl to the bank's page). */
const autopost = (url: string, fields: Record<string, string>) =>
  page(
    `<form id="step" method="post" action="${escapeHtml(url)}">${Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join(
        '',
      )}<noscript><button type="submit">Continuar</button></noscript></form><script>document.getElementById('step').submit();</script>`,
  );

type Form = Record<string, string | undefined>;

/** The bank posts back to the school's own host: its school is the request's (../platform/resolve.ts). */
export const authenticationRoutes: FastifyPluginAsync = async (app) => {
  const depsOf = (request: FastifyRequest) => schoolOfRequest(request).core.deps;
  // The bank's pages post forms; parsed here only (the API takes JSON).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // Pages for the bank and the frame, not API calls: left out of the API's documentation.
  const page3ds = { schema: { hide: true } };
  app.get<{ Params: { session: string } }>('/:session', page3ds, async (request, reply) => {
    const step = await currentStep(depsOf(request), request.params.session);
    reply.type('text/html; charset=utf-8');
    if (!step) return DONE;
    // The method form is the bank's own HTML (a hidden frame and its form), run as AZUL gives it.
    return step.kind === 'method' ? page(step.html) : autopost(step.url, step.fields);
  });

  app.post<{ Params: { session: string }; Body: Form | undefined }>(
    '/:session/metodo',
    page3ds,
    async (request, reply) => {
      await continueAuthentication(depsOf(request), request.params.session, 'method', { method: 'RECEIVED' });
      return reply.type('text/html; charset=utf-8').send(page(''));
    },
  );

  app.post<{ Params: { session: string }; Body: Form | undefined }>(
    '/:session/fin',
    page3ds,
    async (request, reply) => {
      const form = request.body ?? {};
      // AZUL's documentation spells it cRes; its examples CRes; pyazul also reads cres.
      const cres = form.cRes ?? form.CRes ?? form.cres;
      const input = cres ? { cres } : form.PaRes && form.MD ? { paRes: form.PaRes, md: form.MD } : null;
      if (input) await continueAuthentication(depsOf(request), request.params.session, 'challenge', input);
      return reply.type('text/html; charset=utf-8').send(DONE);
    },
  );
};
