import { HIDDEN_WORDS_ERROR_CODES, HIDDEN_WORDS_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { hiddenWords, users } from '../db/schema/index.ts';
import { ageBand, isMinorBand } from '../lib/ages.ts';
import { forbidden } from '../lib/errors.ts';
import { wordMatcher } from '../lib/word-match.ts';
import { DEFAULT_HIDDEN_WORDS } from './default-hidden-words.ts';

// 'Palavras ocultas' (issue 43): what is folded for whom. A comment, reply or chat message with
// one of the viewer's words shows folded ('hiddenByWords'); the viewer's own never is. Minors
// always have the default list; adults may turn it on.

export { DEFAULT_HIDDEN_WORDS };

/** Whether the default list folds items for this person: always for a minor, by choice otherwise. */
export function defaultsOnFor(facts: { isMinor: boolean; useDefaults: boolean }): boolean {
  return facts.isMinor || facts.useDefaults;
}

/** The refusal of a change to one's hidden words, or null: a minor may not turn the defaults off. */
export function hiddenWordsChangeRefusal(facts: {
  isMinor: boolean;
  useDefaults: boolean | undefined;
}): { message: string; code: string } | null {
  if (facts.isMinor && facts.useDefaults === false) {
    return { message: HIDDEN_WORDS_MESSAGES.defaultsLocked, code: HIDDEN_WORDS_ERROR_CODES.defaultsLocked };
  }
  return null;
}

export function requireHiddenWordsChange(facts: { isMinor: boolean; useDefaults: boolean | undefined }) {
  const refusal = hiddenWordsChangeRefusal(facts);
  if (refusal) throw forbidden(refusal.message, refusal.code);
}

/** Whether an item is folded for its viewer: someone else's text with one of the viewer's words. */
export function foldedFor(
  facts: { viewerId: string; authorId: string; text: string },
  matches: (text: string) => boolean,
): boolean {
  return facts.viewerId !== facts.authorId && matches(facts.text);
}

/** The person's birth date and their hidden-words row, if any. */
async function findHiddenWordsFacts(db: Tx, userId: string) {
  const [row] = await db
    .select({ birthDate: users.birthDate, words: hiddenWords.words, useDefaults: hiddenWords.useDefaults })
    .from(users)
    .leftJoin(hiddenWords, eq(hiddenWords.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The person's settings as the rules see them: their own words and whether the defaults apply. */
export async function hiddenWordsOf(db: Tx, userId: string, now: Date) {
  return hiddenWordsSettings(await findHiddenWordsFacts(db, userId), now);
}

/** A person's birth date and hidden-words row, as a query reads them (no row: nulls). */
type HiddenWordsFacts = { birthDate: string | null; words: string[] | null; useDefaults: boolean | null };

/** What the rules make of a person's birth date and hidden-words row (none: no words of their own). */
function hiddenWordsSettings(row: HiddenWordsFacts | undefined, now: Date) {
  const isMinor = isMinorBand(ageBand(row?.birthDate ?? null, now));
  const useDefaults = row?.useDefaults ?? false;
  return {
    isMinor,
    words: row?.words ?? [],
    useDefaults,
    defaultsOn: defaultsOnFor({ isMinor, useDefaults }),
  };
}

/**
 * A function answering whether an item written by `authorId` is folded for `viewerId`, from the
 * viewer's birth date and hidden-words row read with something else (chat's send, issue 41).
 */
export function hiddenWordsFilterOf(
  viewerId: string,
  row: HiddenWordsFacts | undefined,
  now: Date,
): (item: { authorId: string; text: string }) => boolean {
  const settings = hiddenWordsSettings(row, now);
  const matches = wordMatcher(
    settings.defaultsOn ? [...settings.words, ...DEFAULT_HIDDEN_WORDS] : settings.words,
  );
  return (item) => foldedFor({ viewerId, ...item }, matches);
}

/**
 * A function answering whether an item written by `authorId` is folded for `viewerId`. One query
 * per list, not per item.
 */
export async function hiddenWordsFilter(
  db: Tx,
  viewerId: string,
  now: Date,
): Promise<(item: { authorId: string; text: string }) => boolean> {
  return hiddenWordsFilterOf(viewerId, await findHiddenWordsFacts(db, viewerId), now);
}
