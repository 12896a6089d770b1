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
import { escapeHtml, withinTime } from '../../src/core/deps.ts';

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

/** Another school's page: its own runtime configuration, as a script and as the value it sets. */
export interface SchoolPage {
  /** The school's id. */
  id: string;
  /** Changes whenever the configuration does. */
  key: string;
  /** Its configuration script, inlined as the deployment's is. */
  script: string;
  /** The CSP that allows that script. */
  csp: string;
  /** window.__APP_CONFIG__ as the script sets it: its public pages are rendered ahead with it. */
  config: unknown;
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
   * before the scripts run and to hydrate after. Asked again after a new build, and with another
   * school's configuration for its pages (`config`; the deployment's school's when undefined).
   */
  prerender?: (config?: unknown) => Promise<Record<string, RenderedPage>>;
  /**
   * Another school's page (issue 46), or null for the school of `inlineConfigScript`.
   */
  schoolPage?: (request: FastifyRequest) => SchoolPage | null;
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

/**
 * The pages of one runtime configuration (the deployment's school's, or another school's own),
 * made of one build: the plain page, the wizard's with its chunks preloaded, and the public pages
 * rendered ahead with that configuration (empty until rendered, or if they cannot be).
 */
interface PageSet {
  /** index.html's text they were made of. */
  of: string;
  plain: CompressedBody;
  wizard: CompressedBody | null;
  publicPages: Map<string, CompressedBody>;
  /** The sign-in pages as an enrolment link opens them, by linkedPageKey, with the camp's stand-ins. */
  linkedTemplates: Map<string, string>;
  /** Those pages with a camp's id and name in, by path, id and name. */
  linkedPages: Map<string, CompressedBody>;
}

/** At most this many other schools' page sets are kept (each about 100 KB), the most recently visited. */
const SCHOOL_SETS = 300;

/** A school's page set for its configuration of now (`key`), and how far its render is. */
interface SchoolSet {
  key: string;
  set: PageSet;
  rendered: Promise<void>;
  done: boolean;
  /** A visitor waited RENDER_WAIT_MS for it in vain: the next ones get the plain page at once. */
  waited: boolean;
}
/** How long a school's first visitor waits for its pages to be rendered ahead before getting the plain page. */
export const RENDER_WAIT_MS = 1500;

export async function registerFrontend(
  app: FastifyInstance,
  staticDir: string,
  options: FrontendOptions = {},
): Promise<void> {
  const indexFile = path.join(staticDir, 'index.html');
  const built = fs.existsSync(indexFile);
  let html = built ? fs.readFileSync(indexFile, 'utf8') : '';
  const makeSet = (source: string, pageOptions: FrontendOptions): PageSet => {
    let wizard: CompressedBody | null;
    try {
      wizard = buildPage(source, pageOptions, undefined, wizardPreloads(staticDir));
    } catch {
      wizard = null; // no assets folder: the plain page
    }
    return {
      of: source,
      plain: buildPage(source, pageOptions),
      wizard,
      publicPages: new Map(),
      linkedTemplates: new Map(),
      linkedPages: new Map(),
    };
  };
  /** Renders `set`'s public pages with `config` (the deployment's school's when undefined). */
  const renderInto = async (set: PageSet, pageOptions: FrontendOptions, config?: unknown) => {
    if (!options.prerender) return;
    try {
      const rendered = Object.entries(await options.prerender(config));
      if (set.of !== html) return; // a newer build came meanwhile: its own render follows
      const plainPages = rendered.filter(([key]) => !key.includes('?'));
      set.publicPages = new Map(
        plainPages.map(([pathname, page]) => [pathname, buildPage(set.of, pageOptions, { pathname, page })]),
      );
      // Keyed as rendered ('/login?camp', '/login?camp&closed'): the path and the camp's state.
      set.linkedTemplates = new Map(
        rendered
          .filter(([key]) => key.includes('?'))
          .map(([key, page]) => {
            const pathname = key.split('?')[0]!;
            return [key, pageHtml(set.of, pageOptions, { pathname, page })];
          }),
      );
      set.linkedPages = new Map();
    } catch (error) {
      // The pages still work unrendered (the scripts draw them): a slower first paint, not an outage.
      app.log.warn({ err: error }, 'public pages not rendered ahead; served as the plain page');
    }
  };
  let pages = built ? makeSet(html, options) : null;
  if (pages) await renderInto(pages, options);
  let pageTime = built ? fs.statSync(indexFile).mtimeMs : 0;
  let checkedAt = Date.now();
  /** The pages, made again when a new build replaced index.html (checked at most once a second). */
  const currentPages = (): PageSet | null => {
    if (!pages || Date.now() - checkedAt < 1000) return pages;
    checkedAt = Date.now();
    const time = fs.statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (time === undefined || time === pageTime) return pages;
    try {
      const source = fs.readFileSync(indexFile, 'utf8');
      // The old markup may not match the new scripts: plain pages until the new render is in.
      const fresh = makeSet(source, options);
      html = source;
      pageTime = time;
      pages = fresh;
      void renderInto(fresh, options);
    } catch {
      // A build still writing the file: the previous page serves until the next check.
    }
    return pages;
  };
  if (pages) {
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

  /**
   * Other schools' pages (issue 46), by school and runtime configuration, made on a school's first
   * visit and rendered ahead with its own configuration (its name, its sign-in buttons) as the
   * deployment's school's are: the same first paint and the same preloads on every school's host.
   */
  const schoolSets = new Map<string, SchoolSet>();
  /**
   * A school's pages, once rendered ahead: its first visitor waits for that (a fraction of a second),
   * never more than RENDER_WAIT_MS; after one such wait ran out, visitors get the plain page at once
   * until the render is in (renders take turns, so a school may be behind others after a deploy).
   */
  const schoolPages = async (own: SchoolPage): Promise<PageSet> => {
    let made = schoolSets.get(own.id);
    if (made?.key !== own.key || made.set.of !== html) {
      const pageOptions = { inlineConfigScript: own.script };
      const set = makeSet(html, pageOptions);
      const fresh: SchoolSet = { key: own.key, set, done: false, waited: false, rendered: Promise.resolve() };
      fresh.rendered = renderInto(set, pageOptions, own.config).then(() => {
        fresh.done = true;
      });
      made = fresh;
    }
    // Most recently used last: past SCHOOL_SETS, the school unvisited longest goes first.
    schoolSets.delete(own.id);
    schoolSets.set(own.id, made);
    if (schoolSets.size > SCHOOL_SETS) schoolSets.delete(schoolSets.keys().next().value!);
    if (made.done || made.waited) return made.set;
    // renderInto never rejects: a rejection here is the wait running out.
    await withinTime(RENDER_WAIT_MS, made.rendered).catch(() => {
      made.waited = true;
    });
    return made.set;
  };

  /**
   * The sign-in page rendered ahead with the link's camp named in it (or said to be closed), or
   * null to serve it plain.
   */
  const linkedPage = async (
    set: PageSet,
    request: FastifyRequest,
    pathname: string,
  ): Promise<CompressedBody | null> => {
    if (!options.linkedCamp || !set.linkedTemplates.has(linkedPageKey(pathname))) return null;
    const campId = new URLSearchParams(request.url.split('?')[1] ?? '').get('camp')?.trim() ?? '';
    if (!CAMP_ID.test(campId)) return null;
    // The page still works without the name (the scripts ask for it): never a failed page for it.
    const camp = await options.linkedCamp(request, campId).catch(() => null);
    const template = camp && set.linkedTemplates.get(linkedPageKey(pathname, !camp.open));
    if (!camp || !template) return null;
    const key = `${pathname}\n${campId}\n${camp.open}\n${camp.name}`;
    let body = set.linkedPages.get(key);
    if (!body) {
      if (set.linkedPages.size > 500) set.linkedPages = new Map();
      body = compressBody(
        template
          .replaceAll(camp.open ? LINKED_CAMP_SLOT.id : LINKED_CAMP_SLOT.closedId, () => campId)
          .replaceAll(LINKED_CAMP_SLOT.name, () => escapeHtml(camp.name)),
      );
      set.linkedPages.set(key, body);
    }
    return body;
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const deployment = currentPages();
    if (!deployment) return reply.status(503).type('text/plain; charset=utf-8').send(FRONTEND_NOT_BUILT);
    const own = options.schoolPage?.(request);
    const set = own ? await schoolPages(own) : deployment;
    const pathname = request.url.split('?')[0] ?? '/';
    const current =
      (await linkedPage(set, request, pathname)) ??
      set.publicPages.get(pathname) ??
      (WIZARD_PATHS.includes(pathname) ? set.wizard : null) ??
      set.plain;
    reply.type('text/html; charset=utf-8').header('cache-control', NO_CACHE);
    if (own) reply.header('content-security-policy', own.csp);
    return sendCompressed(request, reply, current);
  };
  // The static plugin would answer the root folder itself (403 with `index: false`).
  if (pages) app.get('/', sendPage);

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
