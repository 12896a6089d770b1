// Small text bodies the server makes itself once at start-up (the page with its inline runtime
// configuration, /app-config.js) are compressed once, here, and sent in the encoding the browser
// asks for. Built files on disk come compressed from the build (@fastify/static preCompressed);
// nothing is compressed per request.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CompressedBody {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  /** Hash of the content; each encoding's ETag adds its name (RFC 9110: strong validators differ per encoding). */
  readonly hash: string;
}

export function compressBody(text: string): CompressedBody {
  const identity = Buffer.from(text, 'utf8');
  return {
    identity,
    br: zlib.brotliCompressSync(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
    hash: crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27),
  };
}

// br first: it is the smaller one, and the negotiator breaks ties by this order.
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

/** Sends `body` as br, gzip or plain per Accept-Encoding; headers such as content-type are the caller's. */
export function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CompressedBody,
): FastifyReply {
  const accepted = request.headers['accept-encoding'];
  const encoding = typeof accepted === 'string' ? encodings.negotiate(accepted) : null;
  const etag = `"${body.hash}${encoding ? `-${encoding}` : ''}"`;
  reply.header('vary', 'accept-encoding').header('etag', etag);
  // If-None-Match may list several validators, weak ones (W/) included.
  const known = request.headers['if-none-match']?.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (known?.includes(etag)) return reply.status(304).send();
  if (encoding === null) return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(body[encoding]);
}
