import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { studyReminders } from '../../db/schema/index.ts';

export async function findReminder(db: Tx, userId: string) {
  const [row] = await db.select().from(studyReminders).where(eq(studyReminders.userId, userId));
  return row;
}

export async function upsertReminder(
  db: Tx,
  userId: string,
  values: { enabled: boolean; hour: number; updatedAt: Date },
): Promise<void> {
  await db
    .insert(studyReminders)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: studyReminders.userId, set: values });
}

/** Claims the user's reminder of `day` (once per user and day, whichever process asks): whether it did. */
export async function claimReminderDay(db: Tx, userId: string, day: string): Promise<boolean> {
  const claimed = await db
    .update(studyReminders)
    .set({ lastSentDay: day })
    .where(
      and(
        eq(studyReminders.userId, userId),
        or(isNull(studyReminders.lastSentDay), lt(studyReminders.lastSentDay, day)),
      ),
    )
    .returning({ userId: studyReminders.userId });
  return claimed.length > 0;
}

/** Reminders switched on, their hour reached at `hour`, none sent on `today` yet. */
export function listReminderCandidates(db: Tx, hour: number, today: string) {
  return db
    .select()
    .from(studyReminders)
    .where(
      and(
        eq(studyReminders.enabled, true),
        lte(studyReminders.hour, hour),
        or(isNull(studyReminders.lastSentDay), lt(studyReminders.lastSentDay, today)),
      ),
    );
}
