import {
  type AppealInput,
  AUTH_MESSAGES,
  type DecideAppealInput,
  ENFORCEMENT_ITEM_LABELS,
  ENFORCEMENT_KIND_LABELS,
  type EnforcementItemType,
  ErrorCode,
  MODERATION_ERROR_CODES,
  MODERATION_MESSAGES,
  type MyModerationAction,
  ruleLabel,
  type SuspensionAppealInput,
} from '@estudai/contract';
import { mayDecideAppeal, requireAppealable } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { moderationAppeals } from '../../db/schema/index.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { type EnforcementRow, reverseModerationAction } from '../enforcement/index.ts';
import {
  findActionForAppeal,
  findAppealForUpdate,
  findUserByEmail,
  insertAppeal,
  listActionsOf,
  liveSuspensionOf,
  settleAppeal,
} from './appeals.queries.ts';
import { setContentHidden } from './reports.service.ts';

type AppealRow = typeof moderationAppeals.$inferSelect;

/**
 * How a reversed action's item comes back, by the item's type: removed posts, comments and
 * messages show again. A person has nothing to restore; an image is media's own (it follows
 * 'moderation.appealDecided').
 */
const RESTORE: Partial<Record<EnforcementItemType, (tx: Tx, itemId: string, now: Date) => Promise<void>>> = {
  post: (tx, id, now) => setContentHidden(tx, 'post', id, false, now),
  comment: (tx, id, now) => setContentHidden(tx, 'comment', id, false, now),
  message: (tx, id, now) => setContentHidden(tx, 'message', id, false, now),
};

function toMyAction(row: {
  action: EnforcementRow;
  appeal: AppealRow | null;
  contested: boolean;
}): MyModerationAction {
  const { action, appeal } = row;
  return {
    id: action.id,
    kind: action.kind,
    kindLabel: ENFORCEMENT_KIND_LABELS[action.kind],
    rule: action.rule,
    ruleLabel: ruleLabel(action.rule),
    item: { type: action.itemType, id: action.itemId, label: ENFORCEMENT_ITEM_LABELS[action.itemType] },
    strike: action.strike,
    strikeExpiresAt: action.strikeExpiresAt?.toISOString() ?? null,
    endsAt: action.endsAt?.toISOString() ?? null,
    createdAt: action.createdAt.toISOString(),
    reversed: action.reversedAt !== null,
    appealable: action.reversedAt === null && !appeal && !row.contested,
    appeal: appeal && {
      id: appeal.id,
      status: appeal.status,
      text: appeal.text,
      note: appeal.note,
      createdAt: appeal.createdAt.toISOString(),
      decidedAt: appeal.decidedAt?.toISOString() ?? null,
    },
  };
}

/** `GET /api/users/me/moderation-actions`: what was done to the viewer, newest first. */
export async function listMyModerationActions(
  ctx: AppContext,
  viewer: SessionUser,
): Promise<MyModerationAction[]> {
  return (await listActionsOf(ctx.database.db, viewer.id)).map(toMyAction);
}

/**
 * 'Recorrer': the person acted against disagrees, once per action (a report already contested
 * through 'Contestar' counts). Someone else's action is a 404; a reversed one cannot be appealed.
 */
export async function appealAction(
  ctx: AppContext,
  viewer: SessionUser,
  actionId: string,
  input: AppealInput,
  now = ctx.clock(),
): Promise<string> {
  if (!isUuid(actionId)) throw notFound(MODERATION_MESSAGES.actionNotFound);
  try {
    return await ctx.database.db.transaction(async (tx) => {
      const row = await findActionForAppeal(tx, actionId);
      if (!row) throw notFound(MODERATION_MESSAGES.actionNotFound);
      requireAppealable(viewer.id, {
        actionUserId: row.action.userId,
        reversed: row.action.reversedAt !== null,
        appealed: row.appealId !== null || row.contested,
      });
      return insertAppeal(tx, { actionId, userId: viewer.id, text: input.text, createdAt: now });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(MODERATION_MESSAGES.appealTwice, MODERATION_ERROR_CODES.alreadyAppealed);
    }
    throw error;
  }
}

/**
 * A suspended person cannot sign in, so they appeal their suspension with their e-mail and
 * password: the same rules as 'Recorrer' (once, at most 1,000 characters). Wrong credentials answer
 * as the sign-in does; an account that is not suspended has nothing to appeal here.
 */
export async function appealSuspension(
  ctx: AppContext,
  input: SuspensionAppealInput,
  now = ctx.clock(),
): Promise<string> {
  const user = await findUserByEmail(ctx.database.db, input.email);
  // An unknown e-mail costs as long as a wrong password (verifyPassword checks a dummy hash).
  const matches = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !matches) {
    throw new AppError(401, ErrorCode.invalidCredentials, AUTH_MESSAGES.invalidCredentials);
  }
  const suspension = user.suspendedAt ? await liveSuspensionOf(ctx.database.db, user.id) : undefined;
  if (!suspension) throw conflict(MODERATION_MESSAGES.notSuspended, MODERATION_ERROR_CODES.notAppealable);
  return appealAction(ctx, user, suspension.id, { text: input.text }, now);
}

/**
 * A moderator other than the one who acted decides an appeal with a note: upheld, or reversed —
 * the strike stops counting, a limit or suspension from it is lifted, the item shows again.
 */
export async function decideAppeal(
  ctx: AppContext,
  moderator: SessionUser,
  appealId: string,
  input: DecideAppealInput,
  now = ctx.clock(),
): Promise<string> {
  if (!isUuid(appealId)) throw notFound(MODERATION_MESSAGES.appealNotFound);
  await ctx.events.transaction(async (tx) => {
    const row = await findAppealForUpdate(tx, appealId);
    if (!row) throw notFound(MODERATION_MESSAGES.appealNotFound);
    if (row.appeal.status !== 'pending') {
      throw conflict(MODERATION_MESSAGES.appealDecided, MODERATION_ERROR_CODES.appealDecided);
    }
    if (!mayDecideAppeal(moderator, row.action.moderatorId)) {
      throw forbidden(MODERATION_MESSAGES.sameModerator, MODERATION_ERROR_CODES.sameModerator);
    }
    const note = input.note ?? '';
    await settleAppeal(tx, row.appeal.id, {
      status: input.uphold ? 'upheld' : 'reversed',
      decidedBy: moderator.id,
      decidedAt: now,
      note,
    });
    if (!input.uphold) {
      await reverseModerationAction(ctx, tx, row.action, now);
      const restore = RESTORE[row.action.itemType];
      if (restore && row.action.itemId) await restore(tx, row.action.itemId, now);
    }
    await ctx.events.emit(tx, 'moderation.appealDecided', {
      appealId: row.appeal.id,
      actionId: row.action.id,
      userId: row.action.userId,
      uphold: input.uphold,
      note,
      itemType: row.action.itemType,
      itemId: row.action.itemId,
      decidedBy: moderator.id,
      at: now.toISOString(),
    });
  });
  return input.uphold ? MODERATION_MESSAGES.appealUpheld : MODERATION_MESSAGES.appealReversed;
}
