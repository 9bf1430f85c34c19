import { CHAT_MESSAGES, MINORS_ERROR_CODES, MINORS_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import { requireNotBlocked } from './blocks.ts';
import { areMutualFollowers } from './follows.ts';
import { ownsGroupWithMember } from './groups.ts';
import { requireChatCapable } from './minors.ts';

// Who may chat with whom: the one entry point, asked when a conversation starts and at every
// message (a guardian link, a follow or a membership may have ended meanwhile). Issue 25 and
// docs/decisions/016; co-teachers of a group join the adult's side in a later issue.

async function findParty(db: Tx, userId: string) {
  const [row] = await db
    .select({ id: users.id, birthDate: users.birthDate, allowAdultChat: users.allowAdultChat })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

const adultChatNotAllowed = (message: string) => forbidden(message, MINORS_ERROR_CODES.adultChatNotAllowed);

/**
 * Throws the 403 that explains why `userId` may not chat with `otherId`, or returns. Both must be
 * out of 'modo protegido' (and the caller's age known). An adult and a minor: the minor accepts
 * adults, both follow each other, and the adult owns a group the minor belongs to. Anyone else:
 * mutual followers, checked when the conversation starts (`starting`). Answers whether each is a
 * minor (for the safety rules of issue 43).
 */
export async function requireChatAccess(
  db: Tx,
  userId: string,
  otherId: string,
  { starting }: { starting: boolean },
): Promise<{ isMinor: boolean; otherIsMinor: boolean }> {
  const [me, other] = await Promise.all([findParty(db, userId), findParty(db, otherId)]);
  if (!me) throw notFound(CHAT_MESSAGES.userNotFound);
  if (!other) throw notFound(CHAT_MESSAGES.userNotFound);
  // A block, either way, ends the chat for both (issue 21): no new conversation, no new message.
  await requireNotBlocked(db, userId, otherId, 'message');
  const mine = await requireChatCapable(db, me, true);
  const theirs = await requireChatCapable(db, other, false);
  if (mine.isMinor !== theirs.isMinor) {
    const [minor, adult] = mine.isMinor ? [me, other] : [other, me];
    if (!minor.allowAdultChat) throw adultChatNotAllowed(MINORS_MESSAGES.adultChatRefused);
    const allowed =
      (await areMutualFollowers(db, minor.id, adult.id)) &&
      (await ownsGroupWithMember(db, adult.id, minor.id));
    if (!allowed) throw adultChatNotAllowed(MINORS_MESSAGES.adultChatNeedsGroup);
    return { isMinor: mine.isMinor, otherIsMinor: theirs.isMinor };
  }
  if (starting && !(await areMutualFollowers(db, userId, otherId))) {
    throw forbidden(CHAT_MESSAGES.mutualOnly, 'NOT_MUTUAL_FOLLOWERS');
  }
  return { isMinor: mine.isMinor, otherIsMinor: theirs.isMinor };
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
