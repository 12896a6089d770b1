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
  /** Strong validator of the content, so a `no-cache` revalidation costs a 304 and no body. */
  readonly etag: string;
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
    etag: `"${crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
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
  reply.header('vary', 'accept-encoding').header('etag', body.etag);
  if (request.headers['if-none-match'] === body.etag) return reply.status(304).send();
  const accepted = request.headers['accept-encoding'];
  const encoding = typeof accepted === 'string' ? encodings.negotiate(accepted) : null;
  if (encoding === null) return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(body[encoding]);
}
