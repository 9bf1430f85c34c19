import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { runNamed } from '../../db/prepared.ts';
import {
  essayGroupQuotas,
  essayPrompts,
  essayReviews,
  essays,
  groupMemberships,
  groupTeachers,
  studyGroups,
  users,
} from '../../db/schema/index.ts';

// The essays' SQL: proposals, essays, assignments and corrections.

export type PromptRow = typeof essayPrompts.$inferSelect;
export type EssayRow = typeof essays.$inferSelect;
export type ReviewRow = typeof essayReviews.$inferSelect;
export type PromptWithAuthor = PromptRow & { authorName: string };

/** A list's place: the last row's instant and id, newest first. */
export interface Cursor {
  at: Date;
  id: string;
}

const before = (table: typeof essays | typeof essayPrompts, cursor?: Cursor) =>
  cursor
    ? sql`(${table.createdAt}, ${table.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : undefined;

// ── Proposals ──

export async function insertPrompt(tx: Tx, values: typeof essayPrompts.$inferInsert): Promise<PromptRow> {
  const [row] = await tx.insert(essayPrompts).values(values).returning();
  if (!row) throw new Error('essay prompt not inserted');
  return row;
}

const promptColumns = { prompt: essayPrompts, authorName: users.displayName };

export async function findPrompt(db: Tx, id: string): Promise<PromptWithAuthor | null> {
  const [row] = await db
    .select(promptColumns)
    .from(essayPrompts)
    .innerJoin(users, eq(users.id, essayPrompts.authorId))
    .where(eq(essayPrompts.id, id))
    .limit(1);
  return row ? { ...row.prompt, authorName: row.authorName } : null;
}

/** SQL: a group `userId` may read (owner, co-teacher, current member). */
const groupsOf = (userId: string) => sql`(
  select ${studyGroups.id} from ${studyGroups} where ${studyGroups.ownerId} = ${userId}
  union select ${groupTeachers.studyGroupId} from ${groupTeachers} where ${groupTeachers.userId} = ${userId}
  union select ${groupMemberships.studyGroupId} from ${groupMemberships}
    where ${groupMemberships.userId} = ${userId} and ${groupMemberships.status} = 'active'
    and (${groupMemberships.expiresAt} is null or ${groupMemberships.expiresAt} > now()))`;

/** Proposals of one group, or everyone's plus those of the viewer's groups; newest first. */
export async function listPrompts(
  db: Tx,
  filter: { groupId: string } | { viewerId: string },
  limit: number,
  cursor?: Cursor,
): Promise<PromptWithAuthor[]> {
  const scope =
    'groupId' in filter
      ? eq(essayPrompts.groupId, filter.groupId)
      : or(isNull(essayPrompts.groupId), sql`${essayPrompts.groupId} in ${groupsOf(filter.viewerId)}`);
  const rows = await db
    .select(promptColumns)
    .from(essayPrompts)
    .innerJoin(users, eq(users.id, essayPrompts.authorId))
    .where(and(scope, before(essayPrompts, cursor)))
    .orderBy(desc(essayPrompts.createdAt), desc(essayPrompts.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.prompt, authorName: row.authorName }));
}

// ── Essays ──

export async function insertEssay(tx: Tx, values: typeof essays.$inferInsert): Promise<EssayRow> {
  const [row] = await tx.insert(essays).values(values).returning();
  if (!row) throw new Error('essay not inserted');
  return row;
}

export async function findEssay(db: Tx, id: string, lock = false): Promise<EssayRow | null> {
  const query = db.select().from(essays).where(eq(essays.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateEssay(tx: Tx, id: string, values: Partial<typeof essays.$inferInsert>) {
  const [row] = await tx.update(essays).set(values).where(eq(essays.id, id)).returning();
  if (!row) throw new Error('essay not updated');
  return row;
}

/** The author's essays (controls aside), newest first, with their prompts. */
export async function listAuthorEssays(db: Tx, authorId: string, limit: number, cursor?: Cursor) {
  return db
    .select({ essay: essays, prompt: essayPrompts })
    .from(essays)
    .innerJoin(essayPrompts, eq(essayPrompts.id, essays.promptId))
    .where(
      and(
        eq(essays.authorId, authorId),
        // The demo's controls are no one's essays; a real essay marked as a control stays its author's.
        or(isNull(essays.controlScores), isNotNull(essays.submittedAt)),
        before(essays, cursor),
      ),
    )
    .orderBy(desc(essays.createdAt), desc(essays.id))
    .limit(limit);
}

/** The owner and co-teachers of a group. */
export async function groupTeacherIds(db: Tx, groupId: string): Promise<string[]> {
  const [group] = await db
    .select({ ownerId: studyGroups.ownerId })
    .from(studyGroups)
    .where(eq(studyGroups.id, groupId))
    .limit(1);
  const rows = await db
    .select({ userId: groupTeachers.userId })
    .from(groupTeachers)
    .where(eq(groupTeachers.studyGroupId, groupId));
  return [...new Set([...(group ? [group.ownerId] : []), ...rows.map((row) => row.userId)])];
}

// ── 'Corrija 2, receba 2' and reliability ──

/** Corrections a person sent that count toward what they owe: peers' essays and controls. */
export async function countPeerCorrections(db: Tx, graderId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(essayReviews)
    .innerJoin(essays, eq(essays.id, essayReviews.essayId))
    .where(
      and(
        eq(essayReviews.graderId, graderId),
        eq(essayReviews.status, 'done'),
        or(eq(essayReviews.kind, 'control'), eq(essays.destination, 'community')),
      ),
    );
  return row?.n ?? 0;
}

export async function countCommunitySubmissions(db: Tx, authorId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(essays)
    .where(
      and(eq(essays.authorId, authorId), eq(essays.destination, 'community'), isNotNull(essays.submittedAt)),
    );
  return row?.n ?? 0;
}

/** How many assignments a grader was given, and how many were controls (open ones included). */
export async function countAssignments(db: Tx, graderId: string) {
  const [row] = await db
    .select({
      all: count(),
      controls: sql<number>`count(*) filter (where ${essayReviews.kind} = 'control')`.mapWith(Number),
    })
    .from(essayReviews)
    .where(eq(essayReviews.graderId, graderId));
  return { all: row?.all ?? 0, controls: row?.controls ?? 0 };
}

/** The grader's last `limit` control corrections with their references, newest first. */
export async function lastControlCorrections(db: Tx, graderId: string, limit: number) {
  return db
    .select({ scores: essayReviews.scores, reference: essays.controlScores })
    .from(essayReviews)
    .innerJoin(essays, eq(essays.id, essayReviews.essayId))
    .where(
      and(
        eq(essayReviews.graderId, graderId),
        eq(essayReviews.kind, 'control'),
        eq(essayReviews.status, 'done'),
        isNotNull(essays.controlScores),
      ),
    )
    .orderBy(desc(essayReviews.doneAt), desc(essayReviews.id))
    .limit(limit);
}

export async function countDoneControls(db: Tx, graderId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(essayReviews)
    .where(
      and(
        eq(essayReviews.graderId, graderId),
        eq(essayReviews.kind, 'control'),
        eq(essayReviews.status, 'done'),
      ),
    );
  return row?.n ?? 0;
}

// ── Assignments ──

/** SQL: a review that holds its essay's place at `now` (sent, or open and not expired). */
const holdsPlace = (now: Date) =>
  or(eq(essayReviews.status, 'done'), and(eq(essayReviews.status, 'open'), gt(essayReviews.expiresAt, now)));

/** The grader's open, unexpired assignment in this pool (a group's, or the community's), if any. */
export async function findOpenAssignment(db: Tx, graderId: string, groupId: string | null, now: Date) {
  const [row] = await db
    .select({ review: essayReviews })
    .from(essayReviews)
    .innerJoin(essays, eq(essays.id, essayReviews.essayId))
    .where(
      and(
        eq(essayReviews.graderId, graderId),
        eq(essayReviews.status, 'open'),
        gt(essayReviews.expiresAt, now),
        groupId ? eq(essays.groupId, groupId) : isNull(essays.groupId),
      ),
    )
    .orderBy(asc(essayReviews.assignedAt))
    .limit(1);
  return row?.review ?? null;
}

/** A control essay the grader has not had (nor wrote) and may read, oldest first. */
export async function pickControl(
  db: Tx,
  graderId: string,
  gradable: SQL | undefined,
): Promise<EssayRow | null> {
  const [row] = await db
    .select()
    .from(essays)
    .where(
      and(
        isNotNull(essays.controlScores),
        gradable,
        ne(essays.authorId, graderId),
        sql`not exists (select 1 from ${essayReviews} where ${essayReviews.essayId} = ${essays.id}
          and ${essayReviews.graderId} = ${graderId})`,
      ),
    )
    .orderBy(asc(essays.createdAt), asc(essays.id))
    .limit(1);
  return row ?? null;
}

/** How many reviews hold a place on the essay at `now`: read after its row is locked. */
export async function countPlacesTaken(tx: Tx, essayId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(essayReviews)
    .where(and(eq(essayReviews.essayId, essayId), holdsPlace(now)));
  return row?.n ?? 0;
}

/** The pool's order: the banca's first, then the thirds, then the first corrections. */
const POOL_STATUSES = ['banca', 'third_review', 'submitted'] as const;

/** One part of a pool: the essays of one status this grader may take, and what else they must be. */
export interface PoolPart {
  status: (typeof POOL_STATUSES)[number];
  where: SQL | undefined;
}

export interface PoolFilter {
  graderId: string;
  now: Date;
  /** The essays this grader may take, by status: a group's, the community's (with the minors' rule), the banca's. */
  scope: PoolPart[];
  /** Essays already looked at in this call (taken by someone between the pick and the lock). */
  skip: string[];
}

/**
 * The oldest essay of the pool that waits for a correction this grader may give — the banca's and
 * a third first, never their own, never one they had — locked; one another call holds is skipped
 * (SKIP LOCKED), so concurrent graders each take a different one. The caller counts the places
 * again once it holds the lock (a correction committed meanwhile is seen by that new statement).
 *
 * One branch per status, in the pool's order, each with only its own conditions: it walks
 * `essays_pool_idx` by status and `submitted_at` and stops at the first essay that fits (half a
 * millisecond on 10,000 waiting). One query ordered by status, or with the statuses' conditions
 * joined by OR, had to filter and sort the whole pool (50–80 ms each; bench:essays).
 */
export async function lockNextEssay(tx: Tx, filter: PoolFilter): Promise<EssayRow | null> {
  const parts = POOL_STATUSES.flatMap((status) => {
    const part = filter.scope.find((candidate) => candidate.status === status);
    if (!part) return [];
    const query = tx
      .select({ id: essays.id })
      .from(essays)
      .where(
        and(
          // The status as a literal, so that a generic plan still reads `essays_pool_idx`.
          sql`${essays.status} = ${sql.raw(`'${status}'`)}`,
          part.where,
          or(isNull(essays.heldUntil), lte(essays.heldUntil, filter.now)),
          isNull(essays.controlScores),
          ne(essays.authorId, filter.graderId),
          sql`not (${essays.id} = any(${sql.param(filter.skip)}::uuid[]))`,
          sql`not exists (select 1 from ${essayReviews} where ${essayReviews.essayId} = ${essays.id}
            and ${essayReviews.graderId} = ${filter.graderId})`,
          sql`(select count(*) from ${essayReviews} where ${essayReviews.essayId} = ${essays.id}
            and (${essayReviews.status} = 'done' or ${essayReviews.expiresAt} > ${filter.now.toISOString()}::timestamptz)) < ${essays.reviewsNeeded}`,
        ),
      )
      .orderBy(asc(essays.submittedAt), asc(essays.id))
      .limit(1)
      .for('update', { skipLocked: true, of: essays });
    return [sql`select id from (${query}) as ${sql.identifier(`pool_${status}`)}`];
  });
  if (parts.length === 0) return null;
  // One round trip: the statuses' queries in the pool's order, joined by UNION ALL under LIMIT 1.
  // PostgreSQL runs the branches one after another and stops at the first row, so a later status
  // is neither read nor locked once an earlier one gave an essay. The row is read by the id it
  // locked (as of the statement's start: the branch checked the newest version's conditions).
  // Named, so each connection plans it once: its text depends only on the pool's shape.
  const [row] = await runNamed(
    tx
      .select()
      .from(essays)
      .where(eq(essays.id, sql`(${sql.join(parts, sql` union all `)} limit 1)`)),
  );
  return row ?? null;
}

/**
 * After an assignment: when the essay's places are all held, the instant the first open one ends
 * (until then no place frees up, and `next` passes the essay by). Done corrections hold theirs for
 * good; when every place is held by one, the essay changes status at once and the hint goes.
 */
export async function holdWhenFull(tx: Tx, essayId: string, now: Date): Promise<void> {
  const holding = and(eq(essayReviews.essayId, essayId), holdsPlace(now));
  await tx
    .update(essays)
    .set({
      heldUntil: sql`(select min(${essayReviews.expiresAt}) from ${essayReviews}
        where ${essayReviews.essayId} = ${essayId} and ${essayReviews.status} = 'open'
        and ${essayReviews.expiresAt} > ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(essays.id, essayId),
        sql`(select count(*) from ${essayReviews} where ${holding}) >= ${essays.reviewsNeeded}`,
      ),
    );
}

/** The pools, by status: a group's first and third corrections; the community's and, for the prompt's author or an admin, the banca's. */
export const poolScopes = {
  /** A group's essays, for its teachers. */
  group: (groupId: string): PoolPart[] => [
    { status: 'third_review', where: eq(essays.groupId, groupId) },
    { status: 'submitted', where: eq(essays.groupId, groupId) },
  ],
  /** The community's essays (with the minors' rule) and, for the prompt's author or an admin, the banca's. */
  communityAndBanca: (gradable: SQL | undefined, graderId: string, isAdmin: boolean): PoolPart[] => [
    {
      status: 'banca',
      where: and(
        gradable,
        isAdmin
          ? undefined
          : sql`${essays.promptId} in (select ${essayPrompts.id} from ${essayPrompts} where ${essayPrompts.authorId} = ${graderId})`,
      ),
    },
    { status: 'third_review', where: and(sql`${essays.destination} = 'community'`, gradable) },
    { status: 'submitted', where: and(sql`${essays.destination} = 'community'`, gradable) },
  ],
};

/**
 * A new assignment; the grader's existing one for the same essay when two of their own calls raced
 * to it (one per grader and essay, ever).
 */
export async function insertReview(tx: Tx, values: typeof essayReviews.$inferInsert): Promise<ReviewRow> {
  const [row] = await tx.insert(essayReviews).values(values).onConflictDoNothing().returning();
  if (row) return row;
  const [existing] = await tx
    .select()
    .from(essayReviews)
    .where(and(eq(essayReviews.essayId, values.essayId), eq(essayReviews.graderId, values.graderId)));
  if (!existing) throw new Error('essay review not inserted');
  return existing;
}

export async function findReview(db: Tx, id: string, lock = false): Promise<ReviewRow | null> {
  const query = db.select().from(essayReviews).where(eq(essayReviews.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function completeReview(tx: Tx, id: string, values: Partial<typeof essayReviews.$inferInsert>) {
  const [row] = await tx.update(essayReviews).set(values).where(eq(essayReviews.id, id)).returning();
  if (!row) throw new Error('essay review not updated');
  return row;
}

/** An essay's sent corrections of the protocol, in the order they came. */
export async function doneCorrections(db: Tx, essayId: string): Promise<ReviewRow[]> {
  return db
    .select()
    .from(essayReviews)
    .where(
      and(
        eq(essayReviews.essayId, essayId),
        eq(essayReviews.kind, 'regular'),
        eq(essayReviews.status, 'done'),
      ),
    )
    .orderBy(asc(essayReviews.position), asc(essayReviews.doneAt));
}

/** A group's essays waiting for a correction, oldest first. */
export async function groupQueue(db: Tx, groupId: string) {
  return db
    .select({ essay: essays, promptTitle: essayPrompts.title })
    .from(essays)
    .innerJoin(essayPrompts, eq(essayPrompts.id, essays.promptId))
    .where(and(eq(essays.groupId, groupId), inArray(essays.status, ['submitted', 'third_review', 'banca'])))
    .orderBy(asc(essays.submittedAt), asc(essays.id))
    .limit(100);
}

// ── A paid group's monthly quota ('4 correções por mês') ──

/** The group's quota row, locked when asked (a group submission holds it while it counts). */
export async function findQuota(db: Tx, groupId: string, lock = false) {
  const query = db.select().from(essayGroupQuotas).where(eq(essayGroupQuotas.groupId, groupId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function setQuota(tx: Tx, groupId: string, monthlyQuota: number | null, now: Date) {
  if (monthlyQuota === null) {
    await tx.delete(essayGroupQuotas).where(eq(essayGroupQuotas.groupId, groupId));
    return;
  }
  await tx
    .insert(essayGroupQuotas)
    .values({ groupId, monthlyQuota, updatedAt: now })
    .onConflictDoUpdate({ target: essayGroupQuotas.groupId, set: { monthlyQuota, updatedAt: now } });
}

/** SQL: the Brasília month 'YYYY-MM' of an instant (a column, or `now` as a parameter). */
const brasiliaMonth = (value: unknown) =>
  sql<string>`to_char(${value} at time zone 'America/Sao_Paulo', 'YYYY-MM')`;

/** The author's essays sent to the group's teachers in the Brasília month of `now`. */
export async function countGroupSubmissionsInMonth(
  db: Tx,
  authorId: string,
  groupId: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(essays)
    .where(
      and(
        eq(essays.authorId, authorId),
        eq(essays.groupId, groupId),
        eq(essays.destination, 'group'),
        isNotNull(essays.submittedAt),
        sql`${brasiliaMonth(essays.submittedAt)} = ${brasiliaMonth(sql`${now.toISOString()}::timestamptz`)}`,
      ),
    );
  return row?.n ?? 0;
}

// ── Reminders of assignments about to expire ──

/** Open assignments expiring after `now` and by `until` whose grader was not reminded yet, soonest first. */
export function expiringUnreminded(db: Tx, now: Date, until: Date, limit: number) {
  return db
    .select({
      reviewId: essayReviews.id,
      graderId: essayReviews.graderId,
      expiresAt: essayReviews.expiresAt,
      birthDate: users.birthDate,
      groupId: essays.groupId,
      promptTitle: essayPrompts.title,
    })
    .from(essayReviews)
    .innerJoin(users, eq(users.id, essayReviews.graderId))
    .innerJoin(essays, eq(essays.id, essayReviews.essayId))
    .innerJoin(essayPrompts, eq(essayPrompts.id, essays.promptId))
    .where(
      and(
        eq(essayReviews.status, 'open'),
        isNull(essayReviews.remindedAt),
        gt(essayReviews.expiresAt, now),
        lte(essayReviews.expiresAt, until),
      ),
    )
    .orderBy(asc(essayReviews.expiresAt))
    .limit(limit);
}

/** Marks the reminder sent; false when another pass did (or the assignment was sent meanwhile). */
export async function claimReminder(tx: Tx, reviewId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(essayReviews)
    .set({ remindedAt: now })
    .where(
      and(eq(essayReviews.id, reviewId), eq(essayReviews.status, 'open'), isNull(essayReviews.remindedAt)),
    )
    .returning({ id: essayReviews.id });
  return rows.length > 0;
}
