import type { WaitlistSubscription } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import { markUsed } from '../../plugins/robot-check.ts';
import { insertWaitlistEntry, listWaitlistBatch, type WaitlistEntry } from './waitlist.queries.ts';

const EXPORT_BATCH = 1_000;

/**
 * Adds a person to the waiting list once the robot check passes. The same e-mail again answers
 * the same (no second row, nothing revealed); a failed insert leaves the robot check unspent.
 */
export async function joinWaitlist(ctx: AppContext, input: WaitlistSubscription): Promise<void> {
  const challenge = await ctx.robotCheck.verify(input.recaptchaResponse);
  await ctx.database.db.transaction(async (tx) => {
    await markUsed(tx, challenge);
    await insertWaitlistEntry(tx, input);
  });
}

/** Every entry, oldest first, read in keyset-ordered batches so a long list never sits in memory. */
export async function* listWaitlist(ctx: AppContext): AsyncGenerator<WaitlistEntry[]> {
  let after: Pick<WaitlistEntry, 'createdAt' | 'id'> | undefined;
  while (true) {
    const batch = await listWaitlistBatch(ctx.database.db, after, EXPORT_BATCH);
    if (batch.length > 0) yield batch;
    if (batch.length < EXPORT_BATCH) return;
    after = batch.at(-1);
  }
}
