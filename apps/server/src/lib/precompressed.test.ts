import crypto from 'node:crypto';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { negotiateEncoding, sendJsonBytes } from './precompressed.ts';

describe('negotiateEncoding', () => {
  it("answers gzip to a browser's header, br when gzip is not offered or refused", () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('gzip');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br')).toBe('br');
    expect(negotiateEncoding('gzip;q=0, br')).toBe('br');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
  });

  it('follows q-values, gzip first on a tie, and * for either', () => {
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=0.5, br;q=0.9')).toBe('br');
    expect(negotiateEncoding('gzip;q=0.5, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('gzip');
    expect(negotiateEncoding('*;q=0.1, gzip;q=0')).toBe('br');
  });

  it('answers none without a header, for identity only, or for nonsense', () => {
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('')).toBeUndefined();
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('gzip;q=0, br;q=abc')).toBeUndefined();
  });

  it('answers each header alike the second time, and after many other headers came between', () => {
    const headers = Array.from({ length: 250 }, (_, i) =>
      i % 2 ? `gzip;q=0.${(i % 9) + 1}, x-${i}` : `br, x-${i}`,
    );
    const first = headers.map(negotiateEncoding);
    expect(first.slice(0, 2)).toEqual(['br', 'gzip']);
    expect(headers.map(negotiateEncoding)).toEqual(first);
    expect(negotiateEncoding('gzip;q=0, br;q=abc')).toBeUndefined();
  });
});

describe('sendJsonBytes', () => {
  it("gzips kept bytes with an 8 KiB window, whatever repeats farther back (zlib's blocks under glibc's 32 KiB)", async () => {
    // Ten texts of 1 KiB written twice, ten items apart: each repeat lies about 10 KiB back.
    const texts = Array.from({ length: 10 }, () => crypto.randomBytes(750).toString('base64'));
    const json = Buffer.from(JSON.stringify({ data: [...texts, ...texts].map((content) => ({ content })) }));
    const app = Fastify();
    app.get('/page', (request, reply) => sendJsonBytes(request, reply, json));
    try {
      const res = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(res.rawPayload, { windowBits: 13 }).equals(json)).toBe(true);
      // zlib's default 32 KiB window reaches those repeats, which an 8 KiB inflater refuses.
      expect(() => zlib.gunzipSync(zlib.gzipSync(json), { windowBits: 13 })).toThrow();
    } finally {
      await app.close();
    }
  });
});
