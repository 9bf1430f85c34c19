import { and, asc, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { moderationAppeals, moderationEnforcements, reports, users } from '../../db/schema/index.ts';

/** The actions taken against a person, newest first, each with its appeal (if any). */
export function listActionsOf(db: Tx, userId: string) {
  return db
    .select({
      action: moderationEnforcements,
      appeal: moderationAppeals,
      contested: isNotNull(reports.contestStatus).mapWith(Boolean),
    })
    .from(moderationEnforcements)
    .leftJoin(moderationAppeals, eq(moderationAppeals.actionId, moderationEnforcements.id))
    .leftJoin(reports, eq(reports.id, moderationEnforcements.reportId))
    .where(eq(moderationEnforcements.userId, userId))
    .orderBy(desc(moderationEnforcements.createdAt), desc(moderationEnforcements.id))
    .limit(200);
}

/** An action with what decides whether it may be appealed, locked until the transaction ends. */
export async function findActionForAppeal(tx: Tx, actionId: string) {
  const [row] = await tx
    .select({
      action: moderationEnforcements,
      appealId: moderationAppeals.id,
      contested: isNotNull(reports.contestStatus).mapWith(Boolean),
    })
    .from(moderationEnforcements)
    .leftJoin(moderationAppeals, eq(moderationAppeals.actionId, moderationEnforcements.id))
    .leftJoin(reports, eq(reports.id, moderationEnforcements.reportId))
    .where(eq(moderationEnforcements.id, actionId))
    .for('update', { of: moderationEnforcements });
  return row;
}

export async function insertAppeal(tx: Tx, values: typeof moderationAppeals.$inferInsert): Promise<string> {
  const [row] = await tx.insert(moderationAppeals).values(values).returning({ id: moderationAppeals.id });
  if (!row) throw new Error('appeal insert returned no row');
  return row.id;
}

/** An appeal with its action, locked until the transaction ends. */
export async function findAppealForUpdate(tx: Tx, appealId: string) {
  const [row] = await tx
    .select({ appeal: moderationAppeals, action: moderationEnforcements })
    .from(moderationAppeals)
    .innerJoin(moderationEnforcements, eq(moderationEnforcements.id, moderationAppeals.actionId))
    .where(eq(moderationAppeals.id, appealId))
    .for('update');
  return row;
}

export async function settleAppeal(
  tx: Tx,
  appealId: string,
  changes: { status: 'upheld' | 'reversed'; decidedBy: string; decidedAt: Date; note: string },
): Promise<void> {
  await tx.update(moderationAppeals).set(changes).where(eq(moderationAppeals.id, appealId));
}

/** Whether an action decided from this report was appealed ('Recorrer'): then 'Contestar' is a second appeal. */
export async function reportWasAppealed(tx: Tx, reportId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: moderationAppeals.id })
    .from(moderationAppeals)
    .innerJoin(moderationEnforcements, eq(moderationEnforcements.id, moderationAppeals.actionId))
    .where(eq(moderationEnforcements.reportId, reportId))
    .limit(1);
  return Boolean(row);
}

/** Pending appeals, oldest first (optionally about one person); one row more than `limit`. */
export function listPendingAppealRows(db: Tx, filter: { userId?: string; limit: number; offset: number }) {
  return db
    .select({
      appeal: moderationAppeals,
      action: moderationEnforcements,
      user: { id: users.id, displayName: users.displayName, username: users.username },
    })
    .from(moderationAppeals)
    .innerJoin(moderationEnforcements, eq(moderationEnforcements.id, moderationAppeals.actionId))
    .innerJoin(users, eq(users.id, moderationAppeals.userId))
    .where(
      and(
        eq(moderationAppeals.status, 'pending'),
        filter.userId ? eq(moderationAppeals.userId, filter.userId) : undefined,
      ),
    )
    .orderBy(asc(moderationAppeals.createdAt), asc(moderationAppeals.id))
    .limit(filter.limit + 1)
    .offset(filter.offset);
}

export async function countPendingAppeals(db: Tx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(moderationAppeals)
    .where(eq(moderationAppeals.status, 'pending'));
  return row?.n ?? 0;
}

/** Median seconds from appeal to decision, over appeals decided since `since`. */
export async function medianAppealSeconds(db: Tx, since: Date): Promise<number | null> {
  const [row] = await db
    .select({
      median: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from (${moderationAppeals.decidedAt} - ${moderationAppeals.createdAt})))`,
    })
    .from(moderationAppeals)
    .where(and(isNotNull(moderationAppeals.decidedAt), gte(moderationAppeals.decidedAt, since)));
  return row?.median == null ? null : Number(row.median);
}

/** The account behind an e-mail (a suspended person appealing without a session). */
export async function findUserByEmail(db: Tx, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** The person's latest suspension still in force (not reversed), if any. */
export async function liveSuspensionOf(db: Tx, userId: string) {
  const [row] = await db
    .select({ id: moderationEnforcements.id })
    .from(moderationEnforcements)
    .where(
      and(
        eq(moderationEnforcements.userId, userId),
        eq(moderationEnforcements.kind, 'suspension'),
        isNull(moderationEnforcements.reversedAt),
      ),
    )
    .orderBy(desc(moderationEnforcements.createdAt))
    .limit(1);
  return row;
}
