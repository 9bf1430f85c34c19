import {
  MINORS_ERROR_CODES,
  MINORS_MESSAGES,
  type PrivacySettings,
  type UpdatePrivacyInput,
} from '@estudai/contract';
import { privacyOf } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { ageBand, defaultPrivacy, isLooser, isMinorBand } from '../../lib/ages.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { setBirthDateOnce, updatePrivacyColumns } from './privacy.queries.ts';

/** What a minor may not go below alone: what their guardian set, else the protective defaults. */
const floorOf = (user: SessionUser): PrivacySettings => user.privacyFloor ?? defaultPrivacy(true);

async function saveSettings(
  ctx: AppContext,
  userId: string,
  settings: PrivacySettings,
  floor?: PrivacySettings,
): Promise<PrivacySettings> {
  await updatePrivacyColumns(ctx.database.db, userId, {
    ...settings,
    ...(floor ? { privacyFloor: floor } : {}),
    updatedAt: ctx.clock(),
  });
  ctx.sessions.forgetUser(userId);
  // Who may see this person's posts changed: the feed pages kept in memory go.
  ctx.bus.publish('author.changed', { userId, visibility: true });
  return settings;
}

/**
 * `PATCH /api/users/me/privacy`: anyone may tighten; a minor may not loosen past their floor (the
 * protective defaults, or what their guardian approved) — 403, and nothing changes.
 */
export async function updateOwnPrivacy(
  ctx: AppContext,
  user: SessionUser,
  input: UpdatePrivacyInput,
): Promise<PrivacySettings> {
  const next = { ...privacyOf(user), ...input };
  if (isMinorBand(ageBand(user.birthDate, ctx.clock())) && isLooser(next, floorOf(user))) {
    throw forbidden(MINORS_MESSAGES.privacyLooser, MINORS_ERROR_CODES.privacyNeedsGuardian);
  }
  return saveSettings(ctx, user.id, next);
}

/** The guardian's settings become the teen's and their new floor: tighter, or an approved loosening. */
export async function setPrivacyByGuardian(
  ctx: AppContext,
  teen: SessionUser,
  input: UpdatePrivacyInput,
): Promise<PrivacySettings> {
  const next = { ...privacyOf(teen), ...input };
  return saveSettings(ctx, teen.id, next, next);
}

/**
 * `PUT /api/users/me/birth-date`, once: accounts from before it was asked (and Google sign-ins).
 * A minor gets the protective defaults at once. Answers the updated row.
 */
export async function setBirthDate(ctx: AppContext, user: SessionUser, birthDate: string) {
  const now = ctx.clock();
  const isMinor = isMinorBand(ageBand(birthDate, now));
  const updated = await setBirthDateOnce(ctx.database.db, user.id, {
    birthDate,
    ...(isMinor ? { profileVisibility: 'followers' as const } : {}),
    updatedAt: now,
  });
  if (!updated) {
    throw conflict(MINORS_MESSAGES.birthDateAlreadySet, MINORS_ERROR_CODES.birthDateAlreadySet);
  }
  ctx.sessions.forgetUser(user.id);
  ctx.bus.publish('author.changed', { userId: user.id, visibility: true });
  return updated;
}
