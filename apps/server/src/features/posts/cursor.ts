import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { loadOrCreateSecret } from '../../lib/secrets.ts';

export const CURSOR_INVALID = 'Cursor inválido.';

/** Which list a cursor belongs to: a feed cursor cannot be replayed against the saved list. */
export type CursorKind = 'feed' | 'for_you' | 'following' | 'saved' | 'user' | 'group' | 'search';

/** A keyset position: the last row's sort time (for 'Para você', its rank) and id. */
export interface Position {
  t: Date;
  id: string;
}

const payloadSchema = z.object({
  k: z.enum(['feed', 'for_you', 'following', 'saved', 'user', 'group', 'search']),
  t: z.iso.datetime(),
  id: z.guid(),
});

const keys = new Map<string, Buffer>();

/** The HMAC key for cursors, kept under DATA_DIR/secrets (processes sharing a database share it). */
export function cursorKey(dataDir: string): Buffer {
  let key = keys.get(dataDir);
  if (!key) {
    key = Buffer.from(loadOrCreateSecret(dataDir, 'cursor-hmac-key'));
    keys.set(dataDir, key);
  }
  return key;
}

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 16);

/** Opaque to clients: base64url JSON plus a truncated HMAC-SHA256 over it. */
export function encodeCursor(key: Buffer, kind: CursorKind, position: Position): string {
  const body = Buffer.from(
    JSON.stringify({ k: kind, t: position.t.toISOString(), id: position.id }),
  ).toString('base64url');
  return `${body}.${sign(key, body).toString('base64url')}`;
}

/** The position a cursor stands for; anything altered or foreign answers 400 'Cursor inválido.'. */
export function decodeCursor(key: Buffer, kind: CursorKind, cursor: string): Position {
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
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success || parsed.data.k !== kind) throw badRequest(CURSOR_INVALID);
  return { t: new Date(parsed.data.t), id: parsed.data.id };
}
