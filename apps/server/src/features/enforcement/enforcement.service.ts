import {
  type EnforcementItemType,
  type EnforcementKind,
  STRIKE_EXPIRY_DAYS,
  STRIKE_LIMIT_HOURS,
  STRIKE_SUSPENSION_DAYS,
} from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import {
  countActiveStrikes,
  type EnforcementRow,
  insertEnforcement,
  liftSuspensionOf,
  lockPerson,
  markReversed,
  otherLiveEnd,
  setLimitedUntil,
  suspendUntil,
} from './enforcement.queries.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** What an action records; the image classifier and held messages pass it too (issue 43). */
export interface ModerationActionInput {
  userId: string;
  kind: EnforcementKind;
  /** A report reason ('spam'…) or an automatic check's rule ('conteudo_sensivel'). */
  rule: string;
  itemType: EnforcementItemType;
  itemId: string | null;
  /** Null for an automatic check: then any moderator may decide its appeal. */
  moderatorId: string | null;
  at: Date;
  reportId?: string | null;
  strike?: boolean;
  endsAt?: Date | null;
}

/**
 * Records an action against a person inside the caller's transaction, and tells them (the
 * notification names the rule and the item). Every enforcement goes through here: a report
 * resolved with warn or suspend, removed content, and — from the features that add them — a hidden
 * image or a held message. The caller has already done what the action says to its item (hidden
 * it); this applies what it says to the person:
 * - `kind: 'suspension'`: a moderator's suspension, until `endsAt` (null: until lifted);
 * - `strike: true` (any other kind): a strike on the ladder — the 1st stays as given (a warning,
 *   removed content), the 2nd becomes a 24 h limit, the 3rd and on a 7-day suspension.
 */
export async function recordModerationAction(
  ctx: AppContext,
  tx: Tx,
  input: ModerationActionInput,
): Promise<EnforcementRow> {
  let kind = input.kind;
  let endsAt = input.endsAt ?? null;
  if (kind === 'suspension') {
    await suspendUntil(tx, input.userId, endsAt, input.at);
  } else if (input.strike) {
    await lockPerson(tx, input.userId);
    const consequence = strikeConsequence(
      (await countActiveStrikes(tx, input.userId, input.at)) + 1,
      input.at,
    );
    if (consequence.kind === 'limit') await setLimitedUntil(tx, input.userId, consequence.endsAt, input.at);
    if (consequence.kind === 'suspension') await suspendUntil(tx, input.userId, consequence.endsAt, input.at);
    if (consequence.kind !== 'warning') ({ kind, endsAt } = consequence);
  }
  const row = await insertEnforcement(tx, {
    userId: input.userId,
    kind,
    rule: input.rule,
    itemType: input.itemType,
    itemId: input.itemId,
    reportId: input.reportId ?? null,
    moderatorId: input.moderatorId,
    strike: input.strike ?? false,
    strikeExpiresAt: input.strike ? new Date(input.at.getTime() + STRIKE_EXPIRY_DAYS * DAY_MS) : null,
    endsAt,
    createdAt: input.at,
  });
  await ctx.events.emit(tx, 'moderation.actionRecorded', {
    actionId: row.id,
    userId: row.userId,
    kind: row.kind,
    rule: row.rule,
    itemType: row.itemType,
    endsAt: row.endsAt?.toISOString() ?? null,
    reportId: row.reportId,
  });
  if (kind === 'limit' || kind === 'suspension') {
    ctx.events.afterCommit(tx, () => forgetPerson(ctx, input.userId, kind === 'suspension'));
  }
  return row;
}

/** The ladder: the 1st live strike is a warning, the 2nd a 24 h limit, the 3rd and on a 7-day suspension. */
function strikeConsequence(strikeNumber: number, at: Date): { kind: EnforcementKind; endsAt: Date | null } {
  if (strikeNumber <= 1) return { kind: 'warning', endsAt: null };
  if (strikeNumber === 2)
    return { kind: 'limit', endsAt: new Date(at.getTime() + STRIKE_LIMIT_HOURS * HOUR_MS) };
  return { kind: 'suspension', endsAt: new Date(at.getTime() + STRIKE_SUSPENSION_DAYS * DAY_MS) };
}

/**
 * Undoes an action's own effects: the strike stops counting, a limit or suspension from it is
 * lifted (unless another live one holds). Restoring the item is the caller's (it owns the item).
 */
export async function reverseModerationAction(
  ctx: AppContext,
  tx: Tx,
  action: EnforcementRow,
  now: Date,
): Promise<void> {
  if (action.reversedAt) return;
  await markReversed(tx, action.id, now);
  if (action.kind === 'limit') {
    const other = await otherLiveEnd(tx, action.userId, 'limit', action.id, now);
    await setLimitedUntil(tx, action.userId, other === 'indefinite' ? null : other, now);
  }
  if (action.kind === 'suspension' && (action.endsAt === null || action.endsAt > now)) {
    if ((await otherLiveEnd(tx, action.userId, 'suspension', action.id, now)) === null) {
      await liftSuspensionOf(tx, action.userId, now);
    }
  }
  ctx.events.afterCommit(tx, () => forgetPerson(ctx, action.userId, false));
}

/** The person's cached session row goes (it carries the limit and suspension); a suspension ends their sockets. */
function forgetPerson(ctx: AppContext, userId: string, suspended: boolean): void {
  ctx.sessions.forgetUser(userId);
  if (suspended) ctx.realtime.endConnections({ userId });
  ctx.bus.publish('author.changed', { userId, visibility: true });
}
