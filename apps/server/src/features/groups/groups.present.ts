import type { GroupRating, Membership, ShownMedia, StudyGroup } from '@estudai/contract';
import { type GroupRow, type MembershipRow, membershipIsCurrent } from '../../access/index.ts';
import type { Relevance } from './relevance.ts';

interface OwnerFacts {
  id: string;
  username: string;
  displayName: string;
  avatar: string | null;
  isVerified: boolean;
  /** Average over every rating of every group they own (0: none). */
  rating: number;
  /** Distinct current members across their groups. */
  totalStudents: number;
}

/** Everything a card shows besides the group row, computed for one viewer. */
export interface GroupFacts {
  owner: OwnerFacts;
  members: number;
  ratingAverage: number;
  ratingsCount: number;
  myRating: number | null;
  membership: MembershipRow | null;
  materialsCount: number;
  videosCount: number;
  postsCount: number;
  /** The cover as the image rule lets this viewer see it (issue 43). */
  cover: ShownMedia;
  /** Null for the viewer's own groups: relevance is about groups they might join. */
  relevance: Relevance | null;
}

/** One decimal, as the stars show it. */
export const roundRating = (average: number) => Math.round(average * 10) / 10;

export function toGroupRating(
  ratingAverage: number,
  ratingsCount: number,
  myRating: number | null,
): GroupRating {
  return { rating: roundRating(ratingAverage), ratingsCount, myRating };
}

export function toStudyGroup(group: GroupRow, facts: GroupFacts, viewerId: string): StudyGroup {
  const isOwner = group.ownerId === viewerId;
  const { owner } = facts;
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    summary: group.summary,
    coverImage: facts.cover.url,
    coverSensitivity: facts.cover.sensitivity,
    ownerId: group.ownerId,
    advertiser: {
      id: owner.id,
      username: owner.username,
      displayName: owner.displayName,
      name: owner.displayName,
      avatar: owner.avatar,
      isVerified: owner.isVerified,
      verified: owner.isVerified,
      rating: roundRating(owner.rating),
      totalStudents: owner.totalStudents,
    },
    isRecommended: facts.relevance?.isRecommended ?? false,
    currentMembers: facts.members,
    maxMembers: group.maxMembers,
    memberCount: facts.members,
    isPaid: group.isPaid,
    price: group.price,
    currency: group.currency,
    subject: group.subject,
    category: group.category,
    subscriptionDuration: group.subscriptionDuration,
    tags: group.tags,
    isActive: group.isActive,
    isArchived: Boolean(facts.membership?.archivedAt),
    relevanceScore: facts.relevance?.score ?? null,
    relevanceTag: facts.relevance?.tag ?? null,
    ...toGroupRating(facts.ratingAverage, facts.ratingsCount, facts.myRating),
    isMember: isOwner || membershipIsCurrent(facts.membership),
    isOwner,
    materialsCount: facts.materialsCount,
    videosCount: facts.videosCount,
    postsCount: facts.postsCount,
    createdAt: group.createdAt.toISOString(),
    updatedAt: group.updatedAt.toISOString(),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A membership row as the API shows it: an active row past its expiry reads 'expired'. */
export function toMembership(row: MembershipRow, now: Date): Membership {
  const expired = row.status === 'active' && !membershipIsCurrent(row, now);
  return {
    id: row.id,
    userId: row.userId,
    studyGroupId: row.studyGroupId,
    role: 'member',
    status: expired ? 'expired' : row.status,
    joinedAt: row.joinedAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    leftAt: iso(row.leftAt),
    archivedAt: iso(row.archivedAt),
    isMuted: row.mutedAt !== null,
  };
}

/** The owner has no membership row: theirs is synthesised, active since the group was created. */
export function toOwnerMembership(group: GroupRow): Membership {
  return {
    id: `owner:${group.id}`,
    userId: group.ownerId,
    studyGroupId: group.id,
    role: 'owner',
    status: 'active',
    joinedAt: group.createdAt.toISOString(),
    expiresAt: null,
    leftAt: null,
    archivedAt: null,
    isMuted: false,
  };
}
