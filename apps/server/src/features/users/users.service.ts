import {
  type Me,
  type StudyPlan,
  type Subject,
  type UpdateProfileInput,
  USER_MESSAGES,
  type UserProfile,
} from '@estudai/contract';
import {
  blockBetween,
  findVisibleUser,
  isFollowing,
  isGuardianOf,
  minorStatus,
  privacyOf,
  profileSeenInFull,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { ageBand, isMinorBand } from '../../lib/ages.ts';
import { forbidden } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { refreshOwnerSearchText } from '../groups/index.ts';
import { getStudyStats } from '../study/index.ts';
import {
  avatarKey,
  decodeDataUrl,
  removeAvatar,
  storeAvatar,
  storedAvatarKey,
  toAvatarWebp,
} from './avatars.ts';
import { hasPendingRequest } from './connection-requests.service.ts';
import { contentMetrics } from './content-metrics.ts';
import { countFollowers, countFollowing } from './follows.service.ts';
import { toCurrentUser, toUserProfile } from './users.present.ts';
import { lockedAvatar, updateUserRow } from './users.queries.ts';
/** The signed-in user as every session answer shows it (auth and `/users/me`). */

/**
 * The signed-in user with what only they see (issue 25): birth date, whether it is still asked,
 * 'modo protegido' and the guardian link, privacy settings, a scheduled deletion.
 */
export async function describeMe(ctx: AppContext, user: SessionUser): Promise<Me> {
  const status = await minorStatus(ctx.database.db, user);
  return {
    ...toCurrentUser(user),
    birthDate: user.birthDate,
    needsBirthDate: user.birthDate === null,
    isMinor: status.isMinor,
    protectedMode: status.protectedMode,
    supervision: status.supervision,
    privacy: privacyOf(user),
    deletionScheduledFor: user.deletionScheduledFor?.toISOString() ?? null,
    studyPlan: user.studyGoal ? { goal: user.studyGoal, subjects: user.studySubjects as Subject[] } : null,
  };
}

/** The first-run step (issue 21): goal and subjects, which 'Para você' ranks by; may be changed later. */
export async function setStudyPlan(
  ctx: AppContext,
  user: SessionUser,
  plan: StudyPlan,
): Promise<SessionUser> {
  const updated = await updateUserRow(ctx.database.db, user.id, {
    studyGoal: plan.goal,
    studySubjects: plan.subjects,
    updatedAt: ctx.clock(),
  });
  if (!updated) throw new Error('the signed-in user has no row');
  ctx.sessions.forgetUser(user.id);
  ctx.bus.publish('studyPlan.changed', { userId: user.id });
  return updated;
}

/** A profile with every count computed from the rows behind it. */
async function buildProfile(ctx: AppContext, viewer: SessionUser, user: SessionUser): Promise<UserProfile> {
  const { db } = ctx.database;
  const [followersCount, followingCount, viewerFollows, followsViewer, requested, block] = await Promise.all([
    countFollowers(db, user.id),
    countFollowing(db, user.id),
    isFollowing(db, viewer.id, user.id),
    isFollowing(db, user.id, viewer.id),
    hasPendingRequest(db, viewer.id, user.id),
    blockBetween(db, viewer.id, user.id),
  ]);
  // Across a block (issue 21) either of the two sees only the name and photo, whatever the setting.
  const blocked = block.viewerBlocked || block.blockedViewer;
  const facts = {
    visibility: user.profileVisibility,
    isSelf: viewer.id === user.id,
    follows: viewerFollows,
    viewerIsAdmin: viewer.userType === 'admin',
    viewerIsGuardian: false,
    blocked,
  };
  // The guardian link is asked only when it is the one fact left that could open the profile.
  const full =
    profileSeenInFull(facts) ||
    (!profileSeenInFull({ ...facts, viewerIsGuardian: true })
      ? false
      : await isGuardianOf(db, viewer.id, user.id));
  const [study, content] = full
    ? await Promise.all([getStudyStats(db, user.id), contentMetrics(db, user.id)])
    : [undefined, undefined];
  return toUserProfile(user, viewer.id, {
    followersCount,
    followingCount,
    isFollowing: viewerFollows,
    followsYou: followsViewer,
    connectionRequested: requested,
    study,
    content,
    isMinor: isMinorBand(ageBand(user.birthDate, ctx.clock())),
    isBlocked: block.viewerBlocked,
  });
}

export async function getProfile(ctx: AppContext, viewer: SessionUser, id: string): Promise<UserProfile> {
  const user = await findVisibleUser(ctx.database.db, viewer, id);
  return buildProfile(ctx, viewer, user);
}

/**
 * Saves the own profile; a new avatar is checked, re-encoded and replaces the old one, whose address
 * answers 404 from the commit on while the removal job deletes its file (issue 37).
 */
export async function updateProfile(
  ctx: AppContext,
  user: SessionUser,
  input: UpdateProfileInput,
): Promise<UserProfile> {
  // Anyone may pick aluno, professor, mentor or tutor; admin only whoever already is one (spec §6).
  if (input.userType === 'admin' && user.userType !== 'admin') throw forbidden(USER_MESSAGES.adminOnly);
  // Responsável comes only from a teen's invitation at sign-up (issue 36).
  if (input.userType === 'responsavel' && user.userType !== 'responsavel') {
    throw forbidden(USER_MESSAGES.guardianTypeByInvite);
  }
  const { avatar, ...fields } = input;
  const { storage } = ctx;
  const newAvatar = avatar ? await storeAvatar(storage, await toAvatarWebp(decodeDataUrl(avatar))) : avatar;
  let updated: SessionUser | undefined;
  try {
    updated = await ctx.events.transaction(async (tx) => {
      const now = ctx.clock();
      const oldKey = newAvatar !== undefined ? storedAvatarKey(await lockedAvatar(tx, user.id)) : null;
      const row = await updateUserRow(tx, user.id, {
        ...fields,
        ...(newAvatar !== undefined ? { avatar: newAvatar } : {}),
        updatedAt: now,
      });
      // Issue 43: the new avatar goes through the image check like any upload.
      if (row && newAvatar) {
        await ctx.events.emit(tx, 'user.avatarStored', {
          userId: user.id,
          key: avatarKey(newAvatar),
          at: now.toISOString(),
        });
      }
      if (row && oldKey && oldKey !== (newAvatar && avatarKey(newAvatar))) {
        await ctx.events.emit(tx, 'user.avatarDropped', {
          userId: user.id,
          key: oldKey,
          at: now.toISOString(),
        });
      }
      return row;
    });
  } catch (error) {
    if (newAvatar) await removeAvatar(storage, newAvatar);
    throw error;
  }
  if (!updated) throw new Error('the signed-in user has no row');
  if (updated.displayName !== user.displayName) {
    await refreshOwnerSearchText(ctx.database.db, user.id, updated.displayName);
  }
  ctx.sessions.forgetUser(user.id);
  ctx.bus.publish('author.changed', { userId: user.id, visibility: false });
  return buildProfile(ctx, updated, updated);
}
