import { and, count, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { loginFailures, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../../plugins/session.ts';

type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Tx, email: string): Promise<SessionUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findUserByGoogleSub(db: Tx, googleSub: string): Promise<SessionUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.googleSub, googleSub)).limit(1);
  return user;
}

/** A new account; answers its row. */
export async function insertUser(db: Tx, values: NewUser): Promise<SessionUser | undefined> {
  const [user] = await db.insert(users).values(values).returning();
  return user;
}

/** Changes an account's row; answers it as it now is. */
export async function updateUser(db: Tx, userId: string, changes: Partial<NewUser>) {
  const [user] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return user;
}

/** Whether someone has that username already. */
export async function usernameTaken(db: Tx, username: string): Promise<boolean> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return Boolean(taken);
}

/** Locks the user's row until the transaction ends (one request at a time reads what follows). */
export async function lockUserRow(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** Writes down a sign-in attempt, before its password is checked. */
export async function insertLoginAttempt(db: Tx, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ email, ip });
}

/** The account's attempts since `since`: from anywhere, and from this IP. */
export async function countLoginAttempts(db: Tx, email: string, ip: string, since: Date) {
  const [row] = await db
    .select({
      fromAnywhere: count(),
      fromThisIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})`.mapWith(Number),
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since)));
  return { fromAnywhere: row?.fromAnywhere ?? 0, fromThisIp: row?.fromThisIp ?? 0 };
}

/** Clears the account's attempts from one address. */
export async function deleteLoginAttemptsFrom(db: Tx, email: string, ip: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
}

/** Attempts older than `before` (past every window that counts them) go; answers how many. */
export async function deleteLoginAttemptsBefore(db: Tx, before: Date): Promise<number> {
  const removed = await db
    .delete(loginFailures)
    .where(lt(loginFailures.createdAt, before))
    .returning({ id: loginFailures.id });
  return removed.length;
}

/** Clears every attempt on the account. */
export async function deleteLoginAttempts(db: Tx, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

/** Cancels the account's scheduled deletion; answers whether one was scheduled. */
export async function cancelDeletion(db: Tx, userId: string, now: Date): Promise<boolean> {
  const cancelled = await db
    .update(users)
    .set({ deletionScheduledFor: null, updatedAt: now })
    .where(and(eq(users.id, userId), isNotNull(users.deletionScheduledFor)))
    .returning({ id: users.id });
  return cancelled.length > 0;
}

export async function markEmailVerified(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, userId));
}

/** Sets the account's password; answers its e-mail. */
export async function setPasswordHash(tx: Tx, userId: string, passwordHash: string, now: Date) {
  const [user] = await tx
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return user;
}
