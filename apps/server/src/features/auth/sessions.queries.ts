import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../../plugins/session.ts';

export async function insertSession(
  db: Tx,
  session: { id: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** A live session at `now` (not expired, account not suspended) and its user, by stored id. */
export async function findSession(
  db: Tx,
  sessionId: string,
  now: Date,
): Promise<{ user: SessionUser; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now), isNull(users.suspendedAt)))
    .limit(1);
  return row;
}

export async function deleteSessionById(db: Tx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(db: Tx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
