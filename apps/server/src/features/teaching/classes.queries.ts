import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { groupClasses } from '../../db/schema/index.ts';

// Live classes (classes.service.ts).

export type ClassRow = typeof groupClasses.$inferSelect;

export async function insertClass(
  db: Tx,
  values: typeof groupClasses.$inferInsert,
): Promise<ClassRow | undefined> {
  const [inserted] = await db.insert(groupClasses).values(values).returning();
  return inserted;
}

/** The group's classes not ended at `now` (soonest first), or ended (latest first): 50 at most. */
export function listClassRows(
  db: Tx,
  groupId: string,
  when: 'upcoming' | 'past',
  now: Date,
): Promise<ClassRow[]> {
  const ends = sql`${groupClasses.startsAt} + make_interval(mins => ${groupClasses.durationMinutes})`;
  return db
    .select()
    .from(groupClasses)
    .where(
      and(
        eq(groupClasses.studyGroupId, groupId),
        when === 'upcoming' ? sql`${ends} > ${now}` : sql`${ends} <= ${now}`,
      ),
    )
    .orderBy(
      when === 'upcoming' ? asc(groupClasses.startsAt) : desc(groupClasses.startsAt),
      asc(groupClasses.id),
    )
    .limit(50);
}

export async function findClass(db: Tx, groupId: string, classId: string): Promise<ClassRow | undefined> {
  const [row] = await db
    .select()
    .from(groupClasses)
    .where(and(eq(groupClasses.id, classId), eq(groupClasses.studyGroupId, groupId)));
  return row;
}

/**
 * Claims the reminders of every class starting after `now` and by `soon` not reminded yet: an
 * update only one process wins. Answers the claimed classes.
 */
export function claimClassReminders(db: Tx, now: Date, soon: Date): Promise<ClassRow[]> {
  return db
    .update(groupClasses)
    .set({ remindedAt: now })
    .where(
      and(isNull(groupClasses.remindedAt), lte(groupClasses.startsAt, soon), gt(groupClasses.startsAt, now)),
    )
    .returning();
}
