import type { Tx } from '../../db/client.ts';
import { hiddenWords } from '../../db/schema/index.ts';

/** Replaces the user's own list (and their choice of the default list) at `now`. */
export async function upsertHiddenWords(
  db: Tx,
  values: { userId: string; words: string[]; useDefaults: boolean },
  now: Date,
): Promise<void> {
  await db
    .insert(hiddenWords)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: hiddenWords.userId,
      set: { words: values.words, useDefaults: values.useDefaults, updatedAt: now },
    });
}
