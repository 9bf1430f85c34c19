import type { WaitlistSubscription } from '@estudai/contract';
import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { waitlistEntries } from '../../db/schema/index.ts';
import { markUsed } from '../../plugins/robot-check.ts';

const EXPORT_BATCH = 1_000;

export type WaitlistEntry = typeof waitlistEntries.$inferSelect;

/**
 * Adds a person to the waiting list once the robot check passes. The same e-mail again answers
 * the same (no second row, nothing revealed); a failed insert leaves the robot check unspent.
 */
export async function joinWaitlist(ctx: AppContext, input: WaitlistSubscription): Promise<void> {
  const challenge = await ctx.robotCheck.verify(input.recaptchaResponse);
  await ctx.database.db.transaction(async (tx) => {
    await markUsed(tx, challenge);
    await tx
      .insert(waitlistEntries)
      .values({ name: input.name, email: input.email, phone: input.phone, objective: input.objective })
      .onConflictDoNothing({ target: waitlistEntries.email });
  });
}

/** Every entry, oldest first, read in keyset-ordered batches so a long list never sits in memory. */
export async function* listWaitlist(ctx: AppContext): AsyncGenerator<WaitlistEntry[]> {
  let after: Pick<WaitlistEntry, 'createdAt' | 'id'> | undefined;
  while (true) {
    const batch = await ctx.database.db
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
      .limit(EXPORT_BATCH);
    if (batch.length > 0) yield batch;
    if (batch.length < EXPORT_BATCH) return;
    after = batch.at(-1);
  }
}
