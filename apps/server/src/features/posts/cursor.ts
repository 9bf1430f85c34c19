import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { loadOrCreateSecret } from '../../lib/secrets.ts';
import { CURSOR_INVALID, decodeSignedCursor, encodeSignedCursor } from '../../lib/signed-cursor.ts';

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

/** The HMAC key for cursors: `CURSOR_HMAC_KEY`'s, else the database's (plugins/shared-secrets.ts), shared by every process. */
export function cursorKey(dataDir: string): Buffer {
  let key = keys.get(dataDir);
  if (!key) {
    key = Buffer.from(loadOrCreateSecret(dataDir, 'cursor-hmac-key'));
    keys.set(dataDir, key);
  }
  return key;
}

/** Opaque to clients, signed (lib/signed-cursor.ts), and naming its list. */
export function encodeCursor(key: Buffer, kind: CursorKind, position: Position): string {
  return encodeSignedCursor(key, { k: kind, t: position.t.toISOString(), id: position.id });
}

/** The position a cursor stands for; anything altered, foreign or of another list answers 400 'Cursor inválido.'. */
export function decodeCursor(key: Buffer, kind: CursorKind, cursor: string): Position {
  const payload = decodeSignedCursor(key, cursor, payloadSchema);
  if (payload.k !== kind) throw badRequest(CURSOR_INVALID);
  return { t: new Date(payload.t), id: payload.id };
}
