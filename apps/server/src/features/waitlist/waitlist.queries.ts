import type { WaitlistSubscription } from '@estudai/contract';
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users, waitlistEntries } from '../../db/schema/index.ts';

export type WaitlistEntry = typeof waitlistEntries.$inferSelect;

/** A person on the list, once per e-mail (the same e-mail again adds nothing). */
export async function insertWaitlistEntry(
  tx: Tx,
  input: Pick<WaitlistSubscription, 'name' | 'email' | 'phone' | 'objective'>,
): Promise<void> {
  await tx
    .insert(waitlistEntries)
    .values({ name: input.name, email: input.email, phone: input.phone, objective: input.objective })
    .onConflictDoNothing({ target: waitlistEntries.email });
}

/** Up to `limit` entries after a keyset position, oldest first. */
export function listWaitlistBatch(
  db: Tx,
  after: Pick<WaitlistEntry, 'createdAt' | 'id'> | undefined,
  limit: number,
): Promise<WaitlistEntry[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(
      after
        ? or(
            gt(waitlistEntries.createdAt, after.createdAt),
            and(eq(waitlistEntries.createdAt, after.createdAt), gt(waitlistEntries.id, after.id)),
          )
        : undefined,
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(limit);
}

/** Whether an account with this e-mail exists and may sign in (not suspended). */
export async function activeAccountExists(db: Tx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.suspendedAt)))
    .limit(1);
  return Boolean(row);
}
