import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Smaller answers are sent as they are: below about a kilobyte the compression frame and the CPU
 * cost more than the bytes saved.
 */
export const COMPRESS_MIN_BYTES = 1024;

/** The encoding to answer with: brotli when the client takes it, else gzip, else none (q=0 means refused). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of String(acceptEncoding).toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Adds accept-encoding to Vary without dropping what is already there. */
export function varyOnAcceptEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const list =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean);
  if (list.includes('*') || list.some((v) => v.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...list, 'accept-encoding'].join(', '));
}

/**
 * Compresses the JSON answers (the API's, the OpenAPI document) of COMPRESS_MIN_BYTES or more (the site's files are compressed
 * at build time and served precompressed by the static plugin). Brotli at quality 4 costs about what
 * gzip does here and is smaller; the highest qualities are for build time, not for every request.
 */
export function registerJsonCompression(app: FastifyInstance) {
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload: unknown) => void) =>
    done(null, compressed(request, reply, payload)),
  );
}

/** The payload to send: compressed when the answer is JSON of COMPRESS_MIN_BYTES or more and the client takes br or gzip. */
function compressed(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.getHeader('content-encoding')) return payload;
  if (!/^application\/(?:[\w.+-]+\+)?json\b/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
  // The answer depends on Accept-Encoding from here on, whether this client gets it compressed or not.
  varyOnAcceptEncoding(reply);
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return encoding === 'br'
    ? brotliCompressSync(payload, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } })
    : gzipSync(payload, { level: 6 });
}
