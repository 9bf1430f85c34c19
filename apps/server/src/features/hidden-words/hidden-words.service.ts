import type { HiddenWords, HiddenWordsInput } from '@estudai/contract';
import { DEFAULT_HIDDEN_WORDS, hiddenWordsOf, requireHiddenWordsChange } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { normalizeForMatch } from '../../lib/word-match.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { upsertHiddenWords } from './hidden-words.queries.ts';

/** `GET /api/users/me/hidden-words`: the user's own words, and the default list apart. */
export async function getHiddenWords(ctx: AppContext, user: SessionUser): Promise<HiddenWords> {
  const settings = await hiddenWordsOf(ctx.database.db, user.id, ctx.clock());
  return {
    words: settings.words,
    defaults: [...DEFAULT_HIDDEN_WORDS],
    defaultsOn: settings.defaultsOn,
    defaultsLocked: settings.isMinor,
  };
}

/** One spelling per word: 'Ódio' and 'odio' are the same hidden word (the first typed is kept). */
function distinct(words: string[]): string[] {
  const seen = new Set<string>();
  return words.filter((word) => {
    const key = normalizeForMatch(word);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * `PUT /api/users/me/hidden-words`: replaces the user's own list. A minor may add and remove their
 * own words but not turn the default list off (403, nothing stored).
 */
export async function setHiddenWords(
  ctx: AppContext,
  user: SessionUser,
  input: HiddenWordsInput,
): Promise<HiddenWords> {
  const { db } = ctx.database;
  const now = ctx.clock();
  const current = await hiddenWordsOf(db, user.id, now);
  requireHiddenWordsChange({ isMinor: current.isMinor, useDefaults: input.useDefaults });
  await upsertHiddenWords(
    db,
    { userId: user.id, words: distinct(input.words), useDefaults: input.useDefaults ?? current.useDefaults },
    now,
  );
  return getHiddenWords(ctx, user);
}
