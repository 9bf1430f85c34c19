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
  study: StudyStats;
  content: {
    materialsCount: number;
    videosCount: number;
    questionsCount: number;
    overallRating: number;
    ownGroups: GroupRef[];
    memberGroups: GroupRef[];
  };
}

/** The profile of spec §3; the e-mail address only for its owner. */
export function toUserProfile(user: UserRow, viewerId: string, facts: ProfileFacts): UserProfile {
  const isOwnProfile = user.id === viewerId;
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: isOwnProfile ? user.email : null,
    avatar: user.avatar,
    bio: user.bio,
    location: user.location,
    website: user.website,
    userType: user.userType,
    isVerified: user.isVerified,
    followersCount: facts.followersCount,
    followingCount: facts.followingCount,
    ...facts.study,
    ...facts.content,
    createdAt: user.createdAt.toISOString(),
    isOwnProfile,
    isFollowing: facts.isFollowing,
    followsYou: facts.followsYou,
    connectionRequested: facts.connectionRequested,
  };
}
