import { PRESENCE_BUCKET_MINUTES, STUDY_TIME_ZONE } from '@estudai/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { appPresence, users } from '../../db/schema/index.ts';

/** The user was in the app during the bucket starting at `bucket` (again: nothing). */
export async function insertPresence(db: Tx, userId: string, bucket: Date): Promise<void> {
  await db.insert(appPresence).values({ userId, bucket }).onConflictDoNothing();
}

export async function findBirthDate(db: Tx, userId: string) {
  const [user] = await db
    .select({ id: users.id, birthDate: users.birthDate })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/** Minutes in the app per Brasília day from `since` on: 5 per bucket with any activity. */
export async function presenceMinutesByDay(
  db: Tx,
  userId: string,
  since: Date,
): Promise<Map<string, number>> {
  const day = sql<string>`((${appPresence.bucket} at time zone ${STUDY_TIME_ZONE})::date)::text`;
  const rows = await db
    .select({ day, buckets: sql<number>`count(*)`.mapWith(Number) })
    .from(appPresence)
    .where(and(eq(appPresence.userId, userId), gte(appPresence.bucket, since)))
    // By position: the time zone is a parameter, written twice it would be two different ones.
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.day, row.buckets * PRESENCE_BUCKET_MINUTES]));
}
