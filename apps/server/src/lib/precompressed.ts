import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// JSON bytes kept in memory (a feed page) are compressed once per encoding and the result kept with
// them, instead of once per request by @fastify/compress: in the feed bench's profile, per-request
// compression was a tenth of the server's time. The compressed copies hang off the bytes in a
// WeakMap, so they go when the page memory drops the page (issue 22).

/** Brotli quality 4 compresses about as well as gzip's default at a fraction of brotli's usual CPU. */
export const BROTLI_QUALITY = 4;
/**
 * gzip for JSON, with an 8 KiB window and zlib's memLevel 6: each block zlib allocates is then 16 KiB,
 * under the 32 KiB from which `npm start`'s glibc maps a block of its own and unmaps it when freed
 * (MALLOC_MMAP_THRESHOLD_, decision 059). Brotli allocates a 512 KiB table for every reply, however
 * small, and gzip's defaults four blocks of 64 KiB: with that threshold each became a mapping zeroed
 * and returned on every reply (decision 069). A feed page of 10 posts or of 50 comes out within 1% of
 * brotli's size at quality 4.
 */
export const JSON_GZIP_OPTIONS = { windowBits: 13, memLevel: 6 } as const satisfies zlib.ZlibOptions;
/** Below this many bytes a reply goes uncompressed (@fastify/compress's default threshold). */
const THRESHOLD = 1024;
/** In order of preference, for a client that accepts both alike. */
export const ENCODINGS = ['gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];

const compressed = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/**
 * The encoding to answer `accept-encoding` with: the highest q-value among gzip and br ('*' counts
 * for both, 'x-gzip' for gzip), gzip first on a tie; none when neither is acceptable.
 */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  // Browsers send one of a few headers: each is read once (a feed page is served in microseconds).
  if (negotiated.has(header)) return negotiated.get(header);
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
  const encoding = readAcceptEncoding(header);
  negotiated.set(header, encoding);
  return encoding;
}

const NEGOTIATED_MAX = 100;
const negotiated = new Map<string, Encoding | undefined>();

function readAcceptEncoding(header: string): Encoding | undefined {
  const quality = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    quality.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(value) ? value : 0);
  }
  let best: Encoding | undefined;
  let bestQ = 0;
  for (const encoding of ENCODINGS) {
    const q = quality.get(encoding) ?? quality.get('*') ?? 0;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

function compress(encoding: Encoding, json: Buffer): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(json, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      })
    : zlib.gzipSync(json, JSON_GZIP_OPTIONS);
}

/**
 * Sends JSON bytes compressed as the client accepts, compressing each kept buffer once per encoding,
 * after `betweenSteps` (the database's, client.ts) when given.
 */
export async function sendJsonBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  json: Buffer,
  betweenSteps?: () => Promise<void>,
) {
  reply.type('application/json; charset=utf-8');
  const encoding =
    json.length >= THRESHOLD ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(json);
  let variants = compressed.get(json);
  if (!variants) {
    variants = {};
    compressed.set(json, variants);
  }
  if (!variants[encoding]) {
    await betweenSteps?.();
    variants[encoding] ??= compress(encoding, json);
  }
  // @fastify/compress leaves a reply that already has a Content-Encoding as it is.
  return reply
    .header('content-encoding', encoding)
    .header('vary', 'accept-encoding')
    .send(variants[encoding]);
}
