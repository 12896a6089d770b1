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

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

export const FRONTEND_NOT_BUILT =
  'La aplicación web no está compilada todavía. Ejecute "npm run build" (o "npm start", que la compila).';

/** The tag html-webpack-plugin writes for public/index.html's configuration script (quoted or not). */
const CONFIG_TAG = /<script src="?\/app-config\.js"?><\/script>/;

export interface FrontendOptions {
  /**
   * The runtime configuration script, written into the page in place of its
   * `<script src="/app-config.js">`: the first render waits for no request (its CSP hash is the
   * caller's). Without it (the mock build) the page loads /app-config.js as built.
   */
  inlineConfigScript?: string;
}

/** The page as served: index.html with the configuration inlined, compressed once. */
export function buildPage(html: string, options: FrontendOptions): CompressedBody {
  const script = options.inlineConfigScript;
  if (script === undefined) return compressBody(html);
  if (!CONFIG_TAG.test(html)) throw new Error('index.html has no <script src="/app-config.js"> to inline');
  // A function replacement: `$` in the configuration must not be read as a replacement pattern.
  return compressBody(html.replace(CONFIG_TAG, () => `<script>${script}</script>`));
}

export async function registerFrontend(
  app: FastifyInstance,
  staticDir: string,
  options: FrontendOptions = {},
): Promise<void> {
  const indexFile = path.join(staticDir, 'index.html');
  const built = fs.existsSync(indexFile);
  let page = built ? buildPage(fs.readFileSync(indexFile, 'utf8'), options) : null;
  let pageTime = built ? fs.statSync(indexFile).mtimeMs : 0;
  let checkedAt = Date.now();
  /** The page, made again when a new build replaced index.html (checked at most once a second). */
  const currentPage = (): CompressedBody | null => {
    if (!page || Date.now() - checkedAt < 1000) return page;
    checkedAt = Date.now();
    const time = fs.statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (time === undefined || time === pageTime) return page;
    try {
      page = buildPage(fs.readFileSync(indexFile, 'utf8'), options);
      pageTime = time;
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
      allowedPath: (pathName) => !/(^|\/)index\.html(\.br|\.gz)?$/.test(pathName),
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(staticDir, filePath);
        reply.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : SHORT);
      },
    });
  }

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const current = currentPage();
    if (!current) return reply.status(503).type('text/plain; charset=utf-8').send(FRONTEND_NOT_BUILT);
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
