import { requireMentionsAllowed } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { findMentionedReaders } from './posts.queries.ts';

/** At most this many @handles of one text are looked up and notified. */
const MENTIONS_MAX = 20;

/** `@ana.souza` style handles in a text, lower-cased, without repeats. */
function mentionedUsernames(text: string): string[] {
  const found = text.matchAll(/(?<![\w@.])@([a-z0-9][a-z0-9._]{1,29})/gi);
  return [...new Set([...found].map((match) => match[1]?.replace(/[._]+$/, '').toLowerCase() ?? ''))].filter(
    Boolean,
  );
}

/**
 * The 403 of a text mentioning someone the author blocked or who blocked them (issue 21), checked
 * before a post or comment is written or edited; the same 20 handles `mentionedReaders` reads.
 */
export function requireMentionable(db: Tx, actorId: string, text: string): Promise<void> {
  return requireMentionsAllowed(db, actorId, mentionedUsernames(text).slice(0, MENTIONS_MAX));
}

/**
 * The people a text's @mentions name who may read it (a group's: its members), not the author, not
 * suspended: those its event says were mentioned (notifications tells them).
 */
export async function mentionedReaders(
  tx: Tx,
  actorId: string,
  text: string,
  studyGroupId: string | null | undefined,
): Promise<string[]> {
  const usernames = mentionedUsernames(text);
  if (usernames.length === 0) return [];
  return findMentionedReaders(tx, actorId, usernames.slice(0, MENTIONS_MAX), studyGroupId);
}
