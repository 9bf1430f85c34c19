import { and, count, eq, gt, isNull, max, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { moderationEnforcements, sessions, users } from '../../db/schema/index.ts';

export type EnforcementRow = typeof moderationEnforcements.$inferSelect;

export async function insertEnforcement(
  tx: Tx,
  values: typeof moderationEnforcements.$inferInsert,
): Promise<EnforcementRow> {
  const [row] = await tx.insert(moderationEnforcements).values(values).returning();
  if (!row) throw new Error('moderation action insert returned no row');
  return row;
}

/** Strikes of the person that still count at `now` (not reversed, not expired). */
export async function countActiveStrikes(tx: Tx, userId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(moderationEnforcements)
    .where(
      and(
        eq(moderationEnforcements.userId, userId),
        eq(moderationEnforcements.strike, true),
        isNull(moderationEnforcements.reversedAt),
        gt(moderationEnforcements.strikeExpiresAt, now),
      ),
    );
  return row?.n ?? 0;
}

/** Locks the person's row: two decisions about them at once count their strikes one after another. */
export async function lockPerson(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function setLimitedUntil(tx: Tx, userId: string, until: Date | null, now: Date): Promise<void> {
  await tx.update(users).set({ limitedUntil: until, updatedAt: now }).where(eq(users.id, userId));
}

/** Suspends the account until `until` (null: until a moderator lifts it); its sessions end. */
export async function suspendUntil(tx: Tx, userId: string, until: Date | null, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ suspendedAt: now, suspendedUntil: until, updatedAt: now })
    .where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

export async function liftSuspensionOf(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ suspendedAt: null, suspendedUntil: null, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function markReversed(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(moderationEnforcements).set({ reversedAt: now }).where(eq(moderationEnforcements.id, id));
}

/**
 * The latest end among the person's other live actions of `kind` (limit or suspension) other than
 * `exceptId`; `indefinite` when one of them has no end (a moderator's suspension).
 */
export async function otherLiveEnd(
  tx: Tx,
  userId: string,
  kind: 'limit' | 'suspension',
  exceptId: string,
  now: Date,
) {
  const [row] = await tx
    .select({
      latest: max(moderationEnforcements.endsAt),
      indefinite: sql<number>`count(*) filter (where ${moderationEnforcements.endsAt} is null)`.mapWith(
        Number,
      ),
    })
    .from(moderationEnforcements)
    .where(
      and(
        eq(moderationEnforcements.userId, userId),
        eq(moderationEnforcements.kind, kind),
        ne(moderationEnforcements.id, exceptId),
        isNull(moderationEnforcements.reversedAt),
        or(isNull(moderationEnforcements.endsAt), gt(moderationEnforcements.endsAt, now)),
      ),
    );
  if (row?.indefinite) return 'indefinite' as const;
  return row?.latest ?? null;
}

/** The actions taken from a report (its decision), for 'Contestar' to reverse with it. */
export function enforcementsOfReport(tx: Tx, reportId: string) {
  return tx
    .select()
    .from(moderationEnforcements)
    .where(eq(moderationEnforcements.reportId, reportId))
    .for('update');
}
