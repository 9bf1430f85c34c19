import type { Tx } from '../../db/client.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { SESSION_TTL_MS, sessionIdOf } from '../../plugins/session.ts';
import { deleteSessionById, insertSession } from './sessions.queries.ts';

export { deleteUserSessions } from './sessions.queries.ts';

/** Starts a session at `now` and returns the token for the cookie; only its hash is stored. */
export async function createSession(db: Tx, userId: string, now: Date): Promise<string> {
  const token = randomToken();
  await insertSession(db, {
    id: sessionIdOf(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

export async function deleteSession(db: Tx, token: string): Promise<void> {
  await deleteSessionById(db, sha256(token));
}
