import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  groupMemberships,
  posts,
  simuladoAnswers,
  simuladoAttempts,
  simuladoPaperGuests,
  users,
} from '../../db/schema/index.ts';

// The SQL of paper simulados (issue 42): a typed sheet as an attempt or a guest row, and the lists
// the print page and the typing screen read.

/** A typed sheet's attempt, unless the student has one already (then undefined). */
export async function insertPaperAttempt(tx: Tx, values: typeof simuladoAttempts.$inferInsert) {
  const [attempt] = await tx.insert(simuladoAttempts).values(values).onConflictDoNothing().returning();
  return attempt;
}

export async function insertPaperAnswers(tx: Tx, rows: (typeof simuladoAnswers.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(simuladoAnswers).values(rows);
}

/** A guest's sheet, unless one of the same name (any case) was typed already (then undefined). */
export async function insertGuest(tx: Tx, values: typeof simuladoPaperGuests.$inferInsert) {
  const [guest] = await tx.insert(simuladoPaperGuests).values(values).onConflictDoNothing().returning();
  return guest;
}

/** The group's current members (owner and co-teachers aside), by name, and whether each has an attempt. */
export function listCurrentMembers(db: Tx, groupId: string, simuladoId: string, now: Date) {
  return db
    .select({
      userId: users.id,
      displayName: users.displayName,
      username: users.username,
      hasAttempt: sql<boolean>`${simuladoAttempts.id} is not null`,
    })
    .from(groupMemberships)
    .innerJoin(users, and(eq(users.id, groupMemberships.userId), isNull(users.suspendedAt)))
    .leftJoin(
      simuladoAttempts,
      and(eq(simuladoAttempts.simuladoId, simuladoId), eq(simuladoAttempts.userId, users.id)),
    )
    .where(
      and(
        eq(groupMemberships.studyGroupId, groupId),
        eq(groupMemberships.status, 'active'),
        or(
          isNull(groupMemberships.expiresAt),
          sql`${groupMemberships.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      ),
    )
    .orderBy(asc(users.displayName), asc(users.id));
}

/** The attempts typed from paper, oldest first, with the student's name. */
export function listPaperAttempts(db: Tx, simuladoId: string) {
  return db
    .select({ attempt: simuladoAttempts, displayName: users.displayName })
    .from(simuladoAttempts)
    .innerJoin(users, eq(users.id, simuladoAttempts.userId))
    .where(and(eq(simuladoAttempts.simuladoId, simuladoId), eq(simuladoAttempts.onPaper, true)))
    .orderBy(asc(simuladoAttempts.startedAt), asc(simuladoAttempts.id));
}

/** Every answer of these attempts. */
export function listAnswersOf(db: Tx, attemptIds: string[]) {
  if (attemptIds.length === 0) return Promise.resolve([]);
  return db.select().from(simuladoAnswers).where(inArray(simuladoAnswers.attemptId, attemptIds));
}

export function listGuests(db: Tx, simuladoId: string) {
  return db
    .select()
    .from(simuladoPaperGuests)
    .where(eq(simuladoPaperGuests.simuladoId, simuladoId))
    .orderBy(asc(simuladoPaperGuests.enteredAt), asc(simuladoPaperGuests.id));
}

/** The photos of these question posts (a quiz's are the whole set's: left out), by post. */
export async function questionImages(db: Tx, postIds: string[]) {
  if (postIds.length === 0) return new Map<string, string[]>();
  const rows = await db
    .select({ id: posts.id, mediaUrls: posts.mediaUrls })
    .from(posts)
    .where(and(inArray(posts.id, postIds), eq(posts.type, 'question')));
  return new Map(rows.map((row) => [row.id, row.mediaUrls]));
}
