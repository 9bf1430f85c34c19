import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './precompressed.ts';

describe('negotiateEncoding', () => {
  it("answers br to a browser's header, gzip when br is not offered or refused", () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
  });

  it('follows q-values, br first on a tie, and * for either', () => {
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=0.5, br;q=0.5')).toBe('br');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0.1, br;q=0')).toBe('gzip');
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
