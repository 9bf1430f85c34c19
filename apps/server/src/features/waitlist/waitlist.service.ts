import type { WaitlistSubscription } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import { DEMO_ACCOUNT_EMAIL, DEMO_PASSWORD } from '../../lib/demo-account.ts';
import { markUsed } from '../../plugins/robot-check.ts';
import {
  activeAccountExists,
  insertWaitlistEntry,
  listWaitlistBatch,
  type WaitlistEntry,
} from './waitlist.queries.ts';

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

/**
 * The demo account the landing page's 'Testar Demo' signs in with, in one tap (issue 36): only when
 * the demo data is there and uses the README's public password. With DEMO_PASSWORD set (a public
 * address), or without demo data, there is none and the landing page offers 'Criar conta grátis'.
 */
export async function demoSignIn(ctx: AppContext): Promise<{ email: string; password: string } | null> {
  if (ctx.config.demoPassword) return null;
  const seeded = await activeAccountExists(ctx.database.db, DEMO_ACCOUNT_EMAIL);
  return seeded ? { email: DEMO_ACCOUNT_EMAIL, password: DEMO_PASSWORD } : null;
}
