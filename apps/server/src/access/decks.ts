import { and, eq, exists, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { decks, groupMemberships, groupTeachers, studyGroups } from '../db/schema/index.ts';
import { currentMembershipSql } from './groups.ts';

// Flashcard decks (issue 42): a deck is its owner's; shared with a group, its members (and the
// group's teachers) see and review it too, and may suggest edits; only the owner edits, shares or
// answers suggestions, and only to a group they teach. Can an adult stranger reach a minor here? No:
// a personal deck is its owner's alone, and a shared one reaches only the group it was shared with.

export interface DeckFacts {
  isOwner: boolean;
  /** The owner shared it with a group. */
  sharedWithGroup: boolean;
  /** The viewer reads that group's content now (owner, co-teacher, current member: `groupCan`). */
  viewerInGroup: boolean;
}

/** Who sees a deck, its cards and reviews them: the owner, and the shared group's people. */
export const deckVisibleTo = (facts: DeckFacts): boolean =>
  facts.isOwner || (facts.sharedWithGroup && facts.viewerInGroup);

export interface DeckShareFacts {
  isOwner: boolean;
  /** Owner or co-teacher of the group it would be shared with. */
  teachesGroup: boolean;
}

/** Sharing, as a table: someone else's deck is out of sight (404); a group not taught is a 403. */
export function deckShareRefusal(facts: DeckShareFacts): 404 | 403 | null {
  if (!facts.isOwner) return 404;
  if (!facts.teachesGroup) return 403;
  return null;
}

/** SQL over `decks`: the deck is visible to `viewerId` (the rule above, for lists and lookups). */
export function deckVisibleSql(viewerId: string): SQL {
  const inGroup = or(
    exists(
      sql`(select 1 from ${studyGroups} where ${studyGroups.id} = ${decks.sharedGroupId} and ${studyGroups.ownerId} = ${viewerId})`,
    ),
    exists(
      sql`(select 1 from ${groupTeachers} where ${groupTeachers.studyGroupId} = ${decks.sharedGroupId} and ${groupTeachers.userId} = ${viewerId})`,
    ),
    exists(
      sql`(select 1 from ${groupMemberships} where ${groupMemberships.studyGroupId} = ${decks.sharedGroupId} and ${groupMemberships.userId} = ${viewerId} and ${currentMembershipSql})`,
    ),
  );
  return or(eq(decks.ownerId, viewerId), and(isNotNull(decks.sharedGroupId), inGroup)) as SQL;
}
