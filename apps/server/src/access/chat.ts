import { CHAT_MESSAGES, MINORS_ERROR_CODES, MINORS_MESSAGES, USER_ERROR_CODES } from '@estudai/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { compiled, prepared } from '../db/prepared.ts';
import { blocks, follows, groupMemberships, guardianLinks, studyGroups } from '../db/schema/index.ts';
import { ageBand, isMinorBand } from '../lib/ages.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import { rowsOf } from '../lib/sql-rows.ts';
import { type BlockFacts, blockRefusal } from './blocks.ts';
import { currentMembershipSql } from './groups.ts';
import { minorRefusal, protectedModeFor } from './minors.ts';

// Who may chat with whom: the one entry point, asked when a conversation starts and at every
// message (a guardian link, a follow or a membership may have ended meanwhile). Issue 25 and
// docs/decisions/016; co-teachers of a group join the adult's side in a later issue.
//
// The facts come in one statement (issue 41: a send was a dozen statements one after another):
// `chatFactsColumns` are the columns a feature's query adds about two people, `users` rows aliased
// `chat_me` and `chat_other`; `chatAccess` is the rule, a table over those facts.

/** What the chat rule knows of one person. */
interface ChatParty {
  id: string;
  birthDate: string | null;
  allowAdultChat: boolean;
  /** Their guardian link: active, else pending, else none (only minors have one). */
  guardianLink: 'active' | 'pending' | null;
}

/** Everything the chat rule asks about two people. */
export interface ChatFacts {
  me: ChatParty | null;
  other: ChatParty | null;
  blocks: BlockFacts;
  mutual: boolean;
  /** `me` owns a group `other` belongs to now. */
  meOwnsGroupWithOther: boolean;
  /** `other` owns a group `me` belongs to now. */
  otherOwnsGroupWithMe: boolean;
}

/** The guardian link of a `users` row aliased `person`: active first, else pending. */
const guardianLinkOf = (person: string) =>
  sql`(select ${guardianLinks.status} from ${guardianLinks}
    where ${guardianLinks.teenId} = ${sql.raw(person)}.id and ${guardianLinks.status} in ('pending', 'active')
    order by ${guardianLinks.status} = 'active' desc limit 1)`;

const ownsGroupWith = (owner: string, member: string) =>
  sql`exists (select 1 from ${studyGroups} inner join ${groupMemberships}
    on ${groupMemberships.studyGroupId} = ${studyGroups.id} and ${groupMemberships.userId} = ${sql.raw(member)}.id
    where ${studyGroups.ownerId} = ${sql.raw(owner)}.id and ${currentMembershipSql})`;

const blocked = (blocker: string, target: string) =>
  sql`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${sql.raw(blocker)}.id
    and ${blocks.blockedId} = ${sql.raw(target)}.id)`;

const following = (follower: string, target: string) =>
  sql`exists (select 1 from ${follows} where ${follows.followerId} = ${sql.raw(follower)}.id
    and ${follows.followingId} = ${sql.raw(target)}.id)`;

/**
 * The columns of `ChatFacts` for a query where `chat_me` and `chat_other` are `users` rows (either
 * may be missing, in a left join); read them back with `chatFactsOf`.
 */
export const chatFactsColumns: SQL = sql`
  chat_me.id as me_id, chat_me.birth_date as me_birth_date, chat_me.allow_adult_chat as me_allow_adult_chat,
  ${guardianLinkOf('chat_me')} as me_link,
  chat_other.id as other_id, chat_other.birth_date as other_birth_date,
  chat_other.allow_adult_chat as other_allow_adult_chat, ${guardianLinkOf('chat_other')} as other_link,
  ${blocked('chat_me', 'chat_other')} as me_blocked, ${blocked('chat_other', 'chat_me')} as other_blocked,
  ${following('chat_me', 'chat_other')} and ${following('chat_other', 'chat_me')} as mutual,
  ${ownsGroupWith('chat_me', 'chat_other')} as me_owns_group, ${ownsGroupWith('chat_other', 'chat_me')} as other_owns_group`;

/** A row with `chatFactsColumns`, as their names come back. */
export interface ChatFactsRow {
  me_id: string | null;
  me_birth_date: string | null;
  me_allow_adult_chat: boolean | null;
  me_link: 'active' | 'pending' | null;
  other_id: string | null;
  other_birth_date: string | null;
  other_allow_adult_chat: boolean | null;
  other_link: 'active' | 'pending' | null;
  me_blocked: boolean;
  other_blocked: boolean;
  mutual: boolean;
  me_owns_group: boolean;
  other_owns_group: boolean;
}

const partyOf = (
  id: string | null,
  birthDate: string | null,
  allowAdultChat: boolean | null,
  guardianLink: ChatParty['guardianLink'],
): ChatParty | null => (id ? { id, birthDate, allowAdultChat: allowAdultChat === true, guardianLink } : null);

export function chatFactsOf(row: ChatFactsRow): ChatFacts {
  return {
    me: partyOf(row.me_id, row.me_birth_date, row.me_allow_adult_chat, row.me_link),
    other: partyOf(row.other_id, row.other_birth_date, row.other_allow_adult_chat, row.other_link),
    blocks: { viewerBlocked: row.me_blocked === true, blockedViewer: row.other_blocked === true },
    mutual: row.mutual === true,
    meOwnsGroupWithOther: row.me_owns_group === true,
    otherOwnsGroupWithMe: row.other_owns_group === true,
  };
}

const adultChatNotAllowed = (message: string) => forbidden(message, MINORS_ERROR_CODES.adultChatNotAllowed);

/** A person's age band and 'modo protegido', from their birth date and guardian link. */
function statusOf(party: ChatParty, now: Date) {
  const band = ageBand(party.birthDate, now);
  return {
    band,
    isMinor: isMinorBand(band),
    protectedMode: protectedModeFor(band, party.guardianLink ?? 'none'),
  };
}

/**
 * Throws the error that explains why `me` may not chat with `other`, or answers whether each is a
 * minor (for the safety rules of issue 43). Both must be out of 'modo protegido' (and the caller's
 * age known). An adult and a minor: the minor accepts adults, both follow each other, and the adult
 * owns a group the minor belongs to. Anyone else: mutual followers, checked when the conversation
 * starts (`starting`).
 */
export function chatAccess(
  facts: ChatFacts,
  { starting }: { starting: boolean },
  now: Date,
): { isMinor: boolean; otherIsMinor: boolean } {
  const { me, other } = facts;
  if (!me || !other) throw notFound(CHAT_MESSAGES.userNotFound);
  // A block, either way, ends the chat for both (issue 21): no new conversation, no new message.
  const blockedMessage = blockRefusal(facts.blocks, 'message');
  if (blockedMessage) throw forbidden(blockedMessage, USER_ERROR_CODES.blocked);
  const mine = statusOf(me, now);
  const theirs = statusOf(other, now);
  for (const [status, action] of [
    [mine, 'chat'],
    [theirs, 'chatWith'],
  ] as const) {
    const refusal = minorRefusal(status, action);
    if (refusal) throw forbidden(refusal.message, refusal.code);
  }
  const ages = { isMinor: mine.isMinor, otherIsMinor: theirs.isMinor };
  if (mine.isMinor !== theirs.isMinor) {
    const minor = mine.isMinor ? me : other;
    if (!minor.allowAdultChat) throw adultChatNotAllowed(MINORS_MESSAGES.adultChatRefused);
    const adultOwnsGroup = mine.isMinor ? facts.otherOwnsGroupWithMe : facts.meOwnsGroupWithOther;
    if (!(facts.mutual && adultOwnsGroup)) throw adultChatNotAllowed(MINORS_MESSAGES.adultChatNeedsGroup);
    return ages;
  }
  if (starting && !facts.mutual) throw forbidden(CHAT_MESSAGES.mutualOnly, 'NOT_MUTUAL_FOLLOWERS');
  return ages;
}

const chatFactsStatement = compiled(() =>
  prepared(sql`select ${chatFactsColumns} from (select 1) as one
    left join users as chat_me on chat_me.id = ${sql.placeholder('me')}
    left join users as chat_other on chat_other.id = ${sql.placeholder('other')}`),
);

/** `chatAccess` for two people by id, their facts read in one statement. */
export async function requireChatAccess(
  db: Tx,
  userId: string,
  otherId: string,
  options: { starting: boolean },
  now: Date,
): Promise<{ isMinor: boolean; otherIsMinor: boolean }> {
  const [row] = rowsOf<ChatFactsRow>(await chatFactsStatement(db, { me: userId, other: otherId }));
  if (!row) throw new Error('chat facts: no row');
  return chatAccess(chatFactsOf(row), options, now);
}

/**
 * Whether a new message is held for its recipient (issue 43): an adult's message to a minor with a
 * way to reach them elsewhere (lib/contact-bait.ts). Between two minors nothing is held: classmates
 * swap numbers, and the first-contact card still warns (docs/decisions/049).
 */
export function messageHeldFor(facts: {
  senderIsMinor: boolean;
  recipientIsMinor: boolean;
  hasContactBait: boolean;
}): boolean {
  return facts.recipientIsMinor && !facts.senderIsMinor && facts.hasContactBait;
}

/** Whether a new message opens with the safety card: the first a minor gets from this sender. */
export function firstContactFor(facts: { recipientIsMinor: boolean; senderWroteBefore: boolean }): boolean {
  return facts.recipientIsMinor && !facts.senderWroteBefore;
}
