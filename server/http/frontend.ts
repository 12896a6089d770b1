// Serves the built front end: hashed assets cached for a year, index.html never cached, and the
// SPA fallback (any non-API GET that accepts HTML gets index.html so deep links such as
// /calendario work). Unknown /api paths get the JSON 404 envelope instead.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorEnvelope } from './errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

export const FRONTEND_NOT_BUILT =
  'La aplicación web no está compilada todavía. Ejecute "npm run build" (o "npm start", que la compila).';

export async function registerFrontend(app: FastifyInstance, staticDir: string): Promise<void> {
  const built = fs.existsSync(path.join(staticDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(staticDir, filePath);
        reply.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : relative === 'index.html' ? NO_CACHE : SHORT,
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith('/assets/') &&
      !path.extname(pathname);
    if (!wantsPage) {
      return reply.status(404).send(errorEnvelope('Recurso no encontrado.'));
    }
    if (!built) {
      return reply.status(503).type('text/plain; charset=utf-8').send(FRONTEND_NOT_BUILT);
    }
    return reply.header('cache-control', NO_CACHE).sendFile('index.html');
  });
}
