import { type UpdateProfileInput, USER_MESSAGES, type UserProfile } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { refreshOwnerSearchText } from '../groups/groups.service.ts';
import { hasPendingRequest } from '../notifications/requests.service.ts';
import { getStudyStats } from '../study/study.service.ts';
import { decodeDataUrl, removeAvatar, storeAvatar, toAvatarWebp } from './avatars.ts';
import { contentMetrics } from './content-metrics.ts';
import { countFollowers, countFollowing, isFollowing } from './follows.service.ts';
import { findVisibleUser } from './user-lookup.service.ts';
import { toUserProfile } from './users.present.ts';

/** The signed-in user as every session answer shows it (auth and `/users/me`). */
export { toCurrentUser } from './users.present.ts';

/** A profile with every count computed from the rows behind it. */
async function buildProfile(ctx: AppContext, viewer: SessionUser, user: SessionUser): Promise<UserProfile> {
  const { db } = ctx.database;
  const [followersCount, followingCount, viewerFollows, followsViewer, requested, study, content] =
    await Promise.all([
      countFollowers(db, user.id),
      countFollowing(db, user.id),
      isFollowing(db, viewer.id, user.id),
      isFollowing(db, user.id, viewer.id),
      hasPendingRequest(db, viewer.id, user.id),
      getStudyStats(db, user.id),
      contentMetrics(db, user.id),
    ]);
  return toUserProfile(user, viewer.id, {
    followersCount,
    followingCount,
    isFollowing: viewerFollows,
    followsYou: followsViewer,
    connectionRequested: requested,
    study,
    content,
  });
}

export async function getProfile(ctx: AppContext, viewer: SessionUser, id: string): Promise<UserProfile> {
  const user = await findVisibleUser(ctx.database.db, viewer, id);
  return buildProfile(ctx, viewer, user);
}

/** Saves the own profile; a new avatar is checked, re-encoded and replaces the old file. */
export async function updateProfile(
  ctx: AppContext,
  user: SessionUser,
  input: UpdateProfileInput,
): Promise<UserProfile> {
  // Anyone may pick aluno, professor, mentor or tutor; admin only whoever already is one (spec §6).
  if (input.userType === 'admin' && user.userType !== 'admin') throw forbidden(USER_MESSAGES.adminOnly);
  const { avatar, ...fields } = input;
  const { dataDir } = ctx.config;
  const newAvatar = avatar ? await storeAvatar(dataDir, await toAvatarWebp(decodeDataUrl(avatar))) : avatar;
  let updated: SessionUser | undefined;
  try {
    [updated] = await ctx.database.db
      .update(users)
      .set({ ...fields, ...(newAvatar !== undefined ? { avatar: newAvatar } : {}), updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
  } catch (error) {
    if (newAvatar) await removeAvatar(dataDir, newAvatar);
    throw error;
  }
  if (!updated) throw new Error('the signed-in user has no row');
  if (updated.displayName !== user.displayName) {
    await refreshOwnerSearchText(ctx.database.db, user.id, updated.displayName);
  }
  ctx.sessions.forgetUser(user.id);
  if (newAvatar !== undefined && user.avatar !== newAvatar) await removeAvatar(dataDir, user.avatar);
  return buildProfile(ctx, updated, updated);
}
