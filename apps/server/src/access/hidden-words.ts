import { HIDDEN_WORDS_ERROR_CODES, HIDDEN_WORDS_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { hiddenWords } from '../db/schema/index.ts';
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

export async function findHiddenWordsRow(db: Tx, userId: string) {
  const [row] = await db.select().from(hiddenWords).where(eq(hiddenWords.userId, userId)).limit(1);
  return row;
}

export interface Viewer {
  id: string;
  birthDate: string | null;
}

/** The viewer's settings as the rules see them: their own words and whether the defaults apply. */
export async function hiddenWordsOf(db: Tx, viewer: Viewer, now: Date) {
  const row = await findHiddenWordsRow(db, viewer.id);
  const isMinor = isMinorBand(ageBand(viewer.birthDate, now));
  const useDefaults = row?.useDefaults ?? false;
  return {
    isMinor,
    words: row?.words ?? [],
    useDefaults,
    defaultsOn: defaultsOnFor({ isMinor, useDefaults }),
  };
}

/**
 * A function answering whether an item written by `authorId` is folded for `viewer`. One query per
 * list, not per item.
 */
export async function hiddenWordsFilter(
  db: Tx,
  viewer: Viewer,
  now: Date,
): Promise<(item: { authorId: string; text: string }) => boolean> {
  const settings = await hiddenWordsOf(db, viewer, now);
  const matches = wordMatcher(settings.defaultsOn ? [...settings.words, ...DEFAULT_HIDDEN_WORDS] : settings.words);
  return (item) => foldedFor({ viewerId: viewer.id, ...item }, matches);
}
