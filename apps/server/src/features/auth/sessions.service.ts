import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { SESSION_TTL_MS, type SessionUser } from '../../plugins/session.ts';

/** Starts a session and returns the token for the cookie; only its hash is stored. */
export async function createSession(db: Tx, userId: string): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    id: sessionIdOf(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

/** A live session (not expired, account not suspended) and its user, by stored id. */
export async function findSession(
  db: Tx,
  sessionId: string,
): Promise<{ user: SessionUser; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date()), isNull(users.suspendedAt)))
    .limit(1);
  return row;
}

/** The stored id of the session behind a cookie token. */
export const sessionIdOf = (token: string) => sha256(token);

export async function deleteSession(db: Tx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sha256(token)));
}

export async function deleteUserSessions(db: Tx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
