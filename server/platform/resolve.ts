// Which school a request is for (issue 46, DESIGN.md §10). The page a parent opened learns its
// school's id from the runtime configuration of the host it was served on and sends it as
// `x-account-id`; the server refuses a header that names no school, or another school than the
// host's where the host is a school's. A host no school claims shows 'Escuela no encontrada'.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { errorEnvelope } from '../http/errors.ts';
import { AUTH_MESSAGES } from '../../src/domain/accounts.ts';
import { escapeHtml } from '../../src/core/deps.ts';
import { PLATFORM_MESSAGES } from '../../src/domain/platform.ts';
import type { School } from './school.ts';

/** The header every front-end call carries with its school's id (the spec's account). */
export const ACCOUNT_HEADER = 'x-account-id';

/**
 * Paths that work without the account header: probes, API docs, the OAuth popup pages, and the
 * opt-out link of the reminder e-mail (opened by a browser, which sends no such header), and the
 * 3-D Secure pages the payment step frames and the card's bank posts back to (issue 21). Their
 * school is their host's.
 */
const ACCOUNT_HEADER_EXEMPT = [
  /^\/api\/health$/,
  /^\/api\/docs(\/|$)/,
  /^\/api\/v1\/auth\//,
  /^\/api\/recordatorios\/baja$/,
  /^\/api\/autenticacion-3ds\/[0-9A-Fa-f]{48}(\/metodo|\/fin)?$/,
  // Meta calls the WhatsApp webhook (issue 56): its school is its host's, its number the payload's.
  /^\/api\/whatsapp\/webhook$/,
];

/** The platform's own calls: an operator's token, no school (./routes.ts). */
const PLATFORM_API = '/api/plataforma/';

const refuse = (reply: FastifyReply) => reply.status(403).send(errorEnvelope(AUTH_MESSAGES.account));

/** A small Spanish page for a host that no school answers on. */
export const SCHOOL_NOT_FOUND_PAGE = `<!doctype html><html lang="es-DO"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(PLATFORM_MESSAGES.notFound)}</title></head><body style="font-family:system-ui,sans-serif;margin:2rem;max-width:40rem"><h1>${escapeHtml(PLATFORM_MESSAGES.notFound)}</h1><p>${escapeHtml(PLATFORM_MESSAGES.notFoundPage)}</p></body></html>`;

/** The onRequest hook that sets `request.school`, or answers the refusal itself. */
export function schoolHook(app: FastifyInstance): onRequestHookHandler {
  // Synchronous for the known schools: it runs on every request, and an async hook costs a promise
  // each time. A school created on another instance is looked for once (`find`).
  return (request, reply, done) => {
    const { url } = request;
    const schools = app.schools;
    const host = request.headers.host;
    if (!url.startsWith('/api/')) {
      const school = schools.byHost(host) ?? schools.fallbackFor(host);
      if (school) {
        request.school = school;
        return done();
      }
      // The front end's files are every school's; a page is one school's.
      if (url.startsWith('/assets/')) {
        request.school = schools.default;
        return done();
      }
      reply.status(404).type('text/html; charset=utf-8').send(SCHOOL_NOT_FOUND_PAGE);
      return;
    }
    if (url.startsWith(PLATFORM_API)) return done();
    const header = request.headers[ACCOUNT_HEADER];
    const hostSchool = schools.byHost(host);
    const settle = (school: School | undefined) => {
      // Answered here: the chain stops without `done`.
      if (!school || (hostSchool && hostSchool !== school)) return void refuse(reply);
      request.school = school;
      done();
    };
    if (typeof header === 'string' && header !== '') {
      const known = schools.get(header);
      if (known) return settle(known);
      schools.find(header).then(settle, (error: unknown) => done(error as Error));
      return;
    }
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    if (ACCOUNT_HEADER_EXEMPT.some((pattern) => pattern.test(pathname))) {
      request.school = hostSchool ?? schools.fallbackFor(host) ?? schools.default;
      return done();
    }
    refuse(reply);
  };
}

/** The request's school; a route outside the platform's always has one (the hook ran). */
export const schoolOfRequest = (request: FastifyRequest): School => {
  if (!request.school) throw new Error('no school on a school route');
  return request.school;
};
