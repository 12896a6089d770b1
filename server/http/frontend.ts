// Serves the built front end: hashed assets cached for a year, the page never cached, and the
// SPA fallback (any non-API GET that accepts HTML gets the page so deep links such as
// /calendario work). Unknown /api paths get the JSON 404 envelope instead.
// Every text file is sent br or gzip to a browser that asks: the build writes the .br/.gz files
// next to each asset (compression-webpack-plugin) and @fastify/static picks them
// (`preCompressed`); the page itself is read, completed and compressed once at start-up.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compressBody, sendCompressed, type CompressedBody } from './compressed.ts';
import { errorEnvelope } from './errors.ts';
import { WIZARD_PATHS } from '../../src/domain/routes.ts';
import { LINKED_CAMP_SLOT, linkedPageKey } from '../../src/domain/linkedCampSlot.ts';
import { escapeHtml } from '../../src/core/deps.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

export const FRONTEND_NOT_BUILT =
  'La aplicación web no está compilada todavía. Ejecute "npm run build" (o "npm start", que la compila).';

/** The tag html-webpack-plugin writes for public/index.html's configuration script (quoted or not). */
const CONFIG_TAG = /<script src="?\/app-config\.js"?><\/script>/;

/** The root element with the boot preloader inside: public/index.html keeps it last in <body>. */
const ROOT_ELEMENT = /<div id="root">[\s\S]*<\/div>/;

/** A public page rendered ahead (src/prerender.tsx): tags for <head>, and the root's content. */
export interface RenderedPage {
  head: string;
  body: string;
}

/**
 * The chunks every wizard address (WIZARD_PATHS) runs: the frame, the wizard with its calendar,
 * the API client. Preloaded with the page rather than asked for once the first scripts have run
 * and found the route: one round trip less on a phone (issue 23).
 */
const WIZARD_CHUNK = /^(layout|wizard-core|api)\.[0-9a-f]{8}\.(js|css)$/;

/** `<link rel="preload">` tags for the wizard's chunks in a build's assets folder ('' if none). */
export function wizardPreloads(staticDir: string): string {
  const files = fs.readdirSync(path.join(staticDir, 'assets'), { withFileTypes: true });
  return files
    .filter((file) => file.isFile() && WIZARD_CHUNK.test(file.name))
    .map((file) => file.name)
    .sort()
    .map(
      (name) =>
        `<link rel="preload" href="/assets/${name}" as="${name.endsWith('.css') ? 'style' : 'script'}">`,
    )
    .join('');
}

export interface FrontendOptions {
  /**
   * The runtime configuration script, written into the page in place of its
   * `<script src="/app-config.js">`: the first render waits for no request (its CSP hash is the
   * caller's). Without it (the mock build) the page loads /app-config.js as built.
   */
  inlineConfigScript?: string;
  /**
   * The public pages' markup for the root element, by path (src/prerender.tsx through
   * prerender.ts): those addresses get the page with its form already in, for the browser to show
   * before the scripts run and to hydrate after. Asked again after a new build.
   */
  prerender?: () => Promise<Record<string, RenderedPage>>;
  /**
   * Another school's page (issue 46): its own configuration script and the CSP that allows it, or
   * null for the school of `inlineConfigScript`. Those pages are the plain page (not rendered ahead).
   */
  schoolPage?: (request: FastifyRequest) => { key: string; script: string; csp: string } | null;
  /**
   * The camp an enrolment link (`?camp=`) names, for the sign-in pages rendered ahead (issue 59):
   * its name, and whether it takes enrolments now (a closed one is said to be closed), written
   * into the page, so it is there at first paint and moves nothing. Null when the school has no
   * camp by that id.
   */
  linkedCamp?: (request: FastifyRequest, campId: string) => Promise<{ name: string; open: boolean } | null>;
}

/** An id as the store writes them; anything else names no camp. */
const CAMP_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The page as served: index.html with the configuration inlined, compressed once; with `rendered`
 * (a public page's markup, rendered ahead for `pathname`), that markup in place of the preloader.
 */
export function buildPage(
  html: string,
  options: FrontendOptions,
  rendered?: { pathname: string; page: RenderedPage },
  preloads = '',
): CompressedBody {
  return compressBody(pageHtml(html, options, rendered, preloads));
}

/** buildPage's page before compression. */
function pageHtml(
  html: string,
  options: FrontendOptions,
  rendered?: { pathname: string; page: RenderedPage },
  preloads = '',
): string {
  let page = html;
  const script = options.inlineConfigScript;
  if (script !== undefined) {
    if (!CONFIG_TAG.test(page)) throw new Error('index.html has no <script src="/app-config.js"> to inline');
    // A function replacement: `$` in the configuration must not be read as a replacement pattern.
    page = page.replace(CONFIG_TAG, () => `<script>${script}</script>`);
  }
  if (rendered) {
    if (!ROOT_ELEMENT.test(page))
      throw new Error('index.html has no <div id="root"> as public/index.html writes it');
    // main.tsx hydrates the markup only on the address it was rendered for (data-prerendered).
    const root = `<div id="root" data-prerendered="${rendered.pathname}">${rendered.page.body}</div>`;
    page = page.replace(ROOT_ELEMENT, () => root);
    // The page's own title replaces the site's; React's preloads (the logo) go with it.
    const { head } = rendered.page;
    if (head.includes('<title>')) page = page.replace(/<title>[^<]*<\/title>/, '');
    page = page.replace('</head>', () => `${head}</head>`);
  }
  if (preloads) page = page.replace('</head>', () => `${preloads}</head>`);
  return page;
}

export async function registerFrontend(
  app: FastifyInstance,
  staticDir: string,
  options: FrontendOptions = {},
): Promise<void> {
  const indexFile = path.join(staticDir, 'index.html');
  const built = fs.existsSync(indexFile);
  let html = built ? fs.readFileSync(indexFile, 'utf8') : '';
  let page = built ? buildPage(html, options) : null;
  const withWizardPreloads = (source: string) => {
    try {
      return buildPage(source, options, undefined, wizardPreloads(staticDir));
    } catch {
      return null; // no assets folder: the plain page
    }
  };
  let wizardPage = built ? withWizardPreloads(html) : null;
  let pageTime = built ? fs.statSync(indexFile).mtimeMs : 0;
  let checkedAt = Date.now();
  /** The public pages rendered ahead, by path; until they are (or if they cannot be), the plain page. */
  let publicPages = new Map<string, CompressedBody>();
  /** The sign-in pages as an enrolment link opens them, by linkedPageKey, with the camp's stand-ins. */
  let linkedTemplates = new Map<string, string>();
  /** Those pages with a camp's id and name in, by path, id and name. */
  let linkedPages = new Map<string, CompressedBody>();
  const renderPublicPages = async (source: string) => {
    if (!options.prerender) return;
    try {
      const rendered = Object.entries(await options.prerender());
      if (source !== html) return; // a newer build came meanwhile: its own render follows
      const plainPages = rendered.filter(([key]) => !key.includes('?'));
      publicPages = new Map(
        plainPages.map(([pathname, page]) => [pathname, buildPage(source, options, { pathname, page })]),
      );
      // Keyed as rendered ('/login?camp', '/login?camp&closed'): the path and the camp's state.
      linkedTemplates = new Map(
        rendered
          .filter(([key]) => key.includes('?'))
          .map(([key, page]) => {
            const pathname = key.split('?')[0]!;
            return [key, pageHtml(source, options, { pathname, page })];
          }),
      );
      linkedPages = new Map();
    } catch (error) {
      // The pages still work unrendered (the scripts draw them): a slower first paint, not an outage.
      app.log.warn({ err: error }, 'public pages not rendered ahead; served as the plain page');
    }
  };
  if (built) await renderPublicPages(html);
  /** The page, made again when a new build replaced index.html (checked at most once a second). */
  const currentPage = (): CompressedBody | null => {
    if (!page || Date.now() - checkedAt < 1000) return page;
    checkedAt = Date.now();
    const time = fs.statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (time === undefined || time === pageTime) return page;
    try {
      const source = fs.readFileSync(indexFile, 'utf8');
      page = buildPage(source, options);
      wizardPage = withWizardPreloads(source);
      html = source;
      pageTime = time;
      // The old markup may not match the new scripts: plain pages until the new render is in.
      publicPages = new Map();
      linkedTemplates = new Map();
      linkedPages = new Map();
      void renderPublicPages(source);
    } catch {
      // A build still writing the file: the previous page serves until the next check.
    }
    return page;
  };
  if (page) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      // The page is served from memory (below), never as the file on disk.
      index: false,
      // Nor is the server's own renderer of the public pages (dist/prerender).
      allowedPath: (pathName) =>
        !/(^|\/)index\.html(\.br|\.gz)?$/.test(pathName) && !/^\/?prerender\//.test(pathName),
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(staticDir, filePath);
        reply.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : SHORT);
      },
    });
  }

  /** Other schools' pages, by school, for the build they were made of. */
  let schoolPages = new Map<string, CompressedBody>();
  let schoolPagesOf = '';
  const sendSchoolPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    own: { key: string; script: string; csp: string },
  ) => {
    // A new build, or many saved settings since (each makes a page of its own): start afresh.
    if (schoolPagesOf !== html || schoolPages.size > 1000) {
      schoolPages = new Map();
      schoolPagesOf = html;
    }
    let body = schoolPages.get(own.key);
    if (!body) {
      body = buildPage(html, { inlineConfigScript: own.script });
      schoolPages.set(own.key, body);
    }
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', NO_CACHE)
      .header('content-security-policy', own.csp);
    return sendCompressed(request, reply, body);
  };

  /**
   * The sign-in page rendered ahead with the link's camp named in it (or said to be closed), or
   * null to serve it plain.
   */
  const linkedPage = async (request: FastifyRequest, pathname: string): Promise<CompressedBody | null> => {
    if (!options.linkedCamp || !linkedTemplates.has(linkedPageKey(pathname))) return null;
    const campId = new URLSearchParams(request.url.split('?')[1] ?? '').get('camp')?.trim() ?? '';
    if (!CAMP_ID.test(campId)) return null;
    // The page still works without the name (the scripts ask for it): never a failed page for it.
    const camp = await options.linkedCamp(request, campId).catch(() => null);
    const template = camp && linkedTemplates.get(linkedPageKey(pathname, !camp.open));
    if (!camp || !template) return null;
    const key = `${pathname}\n${campId}\n${camp.open}\n${camp.name}`;
    let body = linkedPages.get(key);
    if (!body) {
      if (linkedPages.size > 500) linkedPages = new Map();
      body = compressBody(
        template
          .replaceAll(camp.open ? LINKED_CAMP_SLOT.id : LINKED_CAMP_SLOT.closedId, () => campId)
          .replaceAll(LINKED_CAMP_SLOT.name, () => escapeHtml(camp.name)),
      );
      linkedPages.set(key, body);
    }
    return body;
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const plain = currentPage();
    if (!plain) return reply.status(503).type('text/plain; charset=utf-8').send(FRONTEND_NOT_BUILT);
    const own = options.schoolPage?.(request);
    if (own) return sendSchoolPage(request, reply, own);
    const pathname = request.url.split('?')[0] ?? '/';
    const current =
      (await linkedPage(request, pathname)) ??
      publicPages.get(pathname) ??
      (WIZARD_PATHS.includes(pathname) ? wizardPage : null) ??
      plain;
    reply.type('text/html; charset=utf-8').header('cache-control', NO_CACHE);
    return sendCompressed(request, reply, current);
  };
  // The static plugin would answer the root folder itself (403 with `index: false`).
  if (page) app.get('/', sendPage);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith('/assets/') &&
      (!path.extname(pathname) || pathname === '/index.html');
    if (!wantsPage) {
      return reply.status(404).send(errorEnvelope('Recurso no encontrado.'));
    }
    return sendPage(request, reply);
  });
}
