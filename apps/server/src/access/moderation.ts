import {
  formatBrasiliaDayMonthTime,
  MODERATION_ERROR_CODES,
  MODERATION_MESSAGES,
  type UserType,
} from '@estudai/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { AppError, conflict, forbidden, notFound } from '../lib/errors.ts';

// Issue 43: who moderates, who may appeal an action and who may decide the appeal, and who may
// post while a strike's limit runs. Can an adult stranger reach a minor here? No: an action and its
// appeal are seen only by the person acted against and by the moderators.

/** Moderators are the accounts of type 'admin'. */
export const isModerator = (user: { userType: UserType }): boolean => user.userType === 'admin';

/** The moderators' queue and audit log: 403 with a message to anyone else. */
export function requireModerator(user: { userType: UserType }): void {
  if (!isModerator(user))
    throw forbidden(MODERATION_MESSAGES.moderatorsOnly, MODERATION_ERROR_CODES.moderatorsOnly);
}

export interface AppealFacts {
  /** The person the action was taken against. */
  actionUserId: string;
  reversed: boolean;
  /** An appeal of it already exists (or its report was contested through 'Contestar'). */
  appealed: boolean;
}

/** Why `viewerId` may not appeal this action, or null. Someone else's action does not exist for them. */
export function appealRefusal(
  viewerId: string,
  facts: AppealFacts,
): 'not_found' | 'twice' | 'reversed' | null {
  if (facts.actionUserId !== viewerId) return 'not_found';
  if (facts.appealed) return 'twice';
  if (facts.reversed) return 'reversed';
  return null;
}

export function requireAppealable(viewerId: string, facts: AppealFacts): void {
  const refusal = appealRefusal(viewerId, facts);
  if (refusal === 'not_found') throw notFound(MODERATION_MESSAGES.actionNotFound);
  if (refusal === 'twice')
    throw conflict(MODERATION_MESSAGES.appealTwice, MODERATION_ERROR_CODES.alreadyAppealed);
  if (refusal === 'reversed')
    throw conflict(MODERATION_MESSAGES.notAppealable, MODERATION_ERROR_CODES.notAppealable);
}

/**
 * An appeal goes to a moderator other than the one who acted (an automatic action, with no
 * moderator, may be decided by any).
 */
export function mayDecideAppeal(
  decider: { id: string; userType: UserType },
  actingModeratorId: string | null,
) {
  return isModerator(decider) && decider.id !== actingModeratorId;
}

/** The end of a strike's limit on posting and messaging, if it still runs at `now`. */
export function postingLimitedUntil(facts: { limitedUntil: Date | null }, now: Date): Date | null {
  return facts.limitedUntil && facts.limitedUntil > now ? facts.limitedUntil : null;
}

/** 403 naming until when, for a person under a strike's limit who posts, comments or sends a message. */
export function refuseWhileLimited(facts: { limitedUntil: Date | null }, now: Date): void {
  const until = postingLimitedUntil(facts, now);
  if (until) {
    throw new AppError(
      403,
      MODERATION_ERROR_CODES.limited,
      MODERATION_MESSAGES.limited(formatBrasiliaDayMonthTime(until)),
    );
  }
}

/** `refuseWhileLimited` for a person by id. */
export async function requireNotLimited(db: Tx, userId: string, now: Date): Promise<void> {
  const [row] = await db.select({ limitedUntil: users.limitedUntil }).from(users).where(eq(users.id, userId));
  if (row) refuseWhileLimited(row, now);
}
