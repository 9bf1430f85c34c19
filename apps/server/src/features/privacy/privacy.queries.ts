import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { appPresence, users } from '../../db/schema/index.ts';

/** Changes a person's privacy columns (settings, floor, profile visibility). */
export async function updatePrivacyColumns(
  db: Tx,
  userId: string,
  changes: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/** Sets the birth date, only if none was set yet; answers the updated row (undefined: it was set). */
export async function setBirthDateOnce(db: Tx, userId: string, changes: Partial<typeof users.$inferInsert>) {
  const [updated] = await db
    .update(users)
    .set(changes)
    .where(and(eq(users.id, userId), isNull(users.birthDate)))
    .returning();
  return updated;
}

/** App time recorded before `before` goes. */
export async function deletePresenceBefore(db: Tx, before: Date): Promise<void> {
  await db.delete(appPresence).where(lt(appPresence.bucket, before));
}
