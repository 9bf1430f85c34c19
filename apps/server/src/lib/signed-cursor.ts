import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { badRequest } from './errors.ts';
import { loadOrCreateSecret } from './secrets.ts';

// Opaque keyset cursors: base64url JSON plus a truncated HMAC-SHA256 over it, so a client can hand
// a cursor back but not forge or alter one. Each list checks its payload with its own schema.

export const CURSOR_INVALID = 'Cursor inválido.';

const keys = new Map<string, Buffer>();

/** The HMAC key: `CURSOR_HMAC_KEY`'s, else the database's (plugins/shared-secrets.ts), shared by every process. */
export function signedCursorKey(dataDir: string): Buffer {
  let key = keys.get(dataDir);
  if (!key) {
    key = Buffer.from(loadOrCreateSecret(dataDir, 'list-cursor-hmac-key'));
    keys.set(dataDir, key);
  }
  return key;
}

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 16);

export function encodeSignedCursor(key: Buffer, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(key, body).toString('base64url')}`;
}

/** The payload a cursor carries; anything altered, foreign or malformed answers 400 'Cursor inválido.'. */
export function decodeSignedCursor<T>(key: Buffer, cursor: string, schema: z.ZodType<T>): T {
  const [body, signature, extra] = cursor.split('.');
  if (!body || !signature || extra !== undefined) throw badRequest(CURSOR_INVALID);
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(key, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badRequest(CURSOR_INVALID);
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(CURSOR_INVALID);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw badRequest(CURSOR_INVALID);
  return parsed.data;
}
