import type { CurrentUser, GroupRef, StudyStats, UserProfile, UserSummary } from '@estudai/contract';
import type { users } from '../../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;

export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    displayName: user.displayName,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    userType: user.userType,
    avatar: user.avatar,
  };
}

export interface SummaryRow {
  id: string;
  displayName: string;
  username: string;
  avatar: string | null;
  isVerified: boolean;
  userType: UserRow['userType'];
  isFollowing: boolean;
}

export function toUserSummary(row: SummaryRow): UserSummary {
  return {
    id: row.id,
    displayName: row.displayName,
    username: row.username,
    avatar: row.avatar,
    isVerified: row.isVerified,
    userType: row.userType,
    isFollowing: row.isFollowing,
  };
}

export interface ProfileFacts {
  followersCount: number;
  followingCount: number;
  isFollowing: boolean;
  followsYou: boolean;
  connectionRequested: boolean;
  /** Absent when the viewer may not see a followers-only profile in full. */
  study?: StudyStats;
  content?: ProfileContent;
  isMinor: boolean;
  /** The viewer blocked this user (issue 21). */
  isBlocked?: boolean;
}

interface ProfileContent {
  materialsCount: number;
  videosCount: number;
  questionsCount: number;
  overallRating: number;
  ownGroups: GroupRef[];
  memberGroups: GroupRef[];
}

const NO_STUDY: StudyStats = {
  totalStudyHours: 0,
  todayStudyTime: 0,
  studyStreak: 0,
  accuracyPercentage: 0,
  questionsAnswered: 0,
};
const NO_CONTENT: ProfileContent = {
  materialsCount: 0,
  videosCount: 0,
  questionsCount: 0,
  overallRating: 0,
  ownGroups: [],
  memberGroups: [],
};

/**
 * The profile of spec §3; the e-mail address only for its owner. A followers-only profile seen by
 * someone else comes with its details empty (`isRestricted`); a minor's location and website are
 * never shown to others (issue 25), and their birth date is only in their own `me`.
 */
export function toUserProfile(user: UserRow, viewerId: string, facts: ProfileFacts): UserProfile {
  const isOwnProfile = user.id === viewerId;
  const isRestricted = !facts.study || !facts.content;
  const hidePlace = !isOwnProfile && (facts.isMinor || isRestricted);
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: isOwnProfile ? user.email : null,
    avatar: user.avatar,
    bio: isRestricted ? '' : user.bio,
    location: hidePlace ? '' : user.location,
    website: hidePlace ? '' : user.website,
    userType: user.userType,
    isVerified: user.isVerified,
    followersCount: facts.followersCount,
    followingCount: facts.followingCount,
    ...(facts.study ?? NO_STUDY),
    ...(facts.content ?? NO_CONTENT),
    createdAt: user.createdAt.toISOString(),
    isOwnProfile,
    isFollowing: facts.isFollowing,
    followsYou: facts.followsYou,
    connectionRequested: facts.connectionRequested,
    isRestricted,
    isBlocked: facts.isBlocked ?? false,
  };
}
