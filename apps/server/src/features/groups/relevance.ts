import { type GroupCategory, RELEVANCE_YELLOW_FROM } from '@estudai/contract';

// How well a group fits one viewer, 0–100 (README, "Relevância dos grupos"). Its
// viewer-independent part (popularity and rating) is also the SQL function
// estudai_group_base_score (migration 0010), stored as study_groups.base_score so 'Disponíveis'
// is ordered from an index; relevance.test checks that the two agree.

export const RELEVANCE_WEIGHTS = {
  /** The viewer follows the group's owner. */
  followedOwner: 35,
  /** Same category as a group the viewer is in: 25, up to 35 when all their groups share it. */
  categoryBase: 25,
  categoryShare: 10,
  /** Absolute size, log-scaled up to POPULAR_MEMBERS members, and how full the group is. */
  popularitySize: 12,
  popularityFill: 8,
  /** The average rating, trusted fully from RATINGS_TRUSTED ratings on. */
  rating: 10,
} as const;
const POPULAR_MEMBERS = 200;
const RATINGS_TRUSTED = 5;

export const RELEVANCE_TAGS = {
  followedOwner: 'Do seu professor',
  category: 'Combina com seus grupos',
  popular: 'Popular',
  rated: 'Bem avaliado',
} as const;

export interface RelevanceSignals {
  /** How many of the viewer's groups (owned or current memberships) have this group's category. */
  sameCategoryGroups: number;
  /** How many groups the viewer is in, in all. */
  viewerGroups: number;
  ownerFollowed: boolean;
  /** Current members, not counting the owner. */
  members: number;
  maxMembers: number;
  /** Average rating, 0 when nobody rated yet. */
  ratingAverage: number;
  ratingsCount: number;
}

export interface Relevance {
  score: number;
  tag: string | null;
  isRecommended: boolean;
}

/** Points for the category: none unless the viewer is in a group of it. */
export function categoryPoints(sameCategoryGroups: number, viewerGroups: number): number {
  if (sameCategoryGroups <= 0 || viewerGroups <= 0) return 0;
  const share = Math.min(1, sameCategoryGroups / viewerGroups);
  return RELEVANCE_WEIGHTS.categoryBase + RELEVANCE_WEIGHTS.categoryShare * share;
}

export function popularityPoints(members: number, maxMembers: number): number {
  const size = Math.min(1, Math.log(1 + Math.max(0, members)) / Math.log(1 + POPULAR_MEMBERS));
  const fill = maxMembers > 0 ? Math.min(1, Math.max(0, members) / maxMembers) : 0;
  return RELEVANCE_WEIGHTS.popularitySize * size + RELEVANCE_WEIGHTS.popularityFill * fill;
}

export function ratingPoints(ratingAverage: number, ratingsCount: number): number {
  if (ratingsCount <= 0) return 0;
  const trust = Math.min(1, ratingsCount / RATINGS_TRUSTED);
  return RELEVANCE_WEIGHTS.rating * (ratingAverage / 5) * trust;
}

/** Half rounds up, in both languages (PostgreSQL's round(float8) rounds half to even). */
const roundScore = (points: number) => Math.min(100, Math.max(0, Math.floor(points + 0.5)));

/** The score, its main reason as a short pt-BR tag (or null), and whether it is a recommendation. */
export function relevance(signals: RelevanceSignals): Relevance {
  const reasons = [
    {
      tag: RELEVANCE_TAGS.followedOwner,
      points: signals.ownerFollowed ? RELEVANCE_WEIGHTS.followedOwner : 0,
      shown: signals.ownerFollowed,
    },
    {
      tag: RELEVANCE_TAGS.category,
      points: categoryPoints(signals.sameCategoryGroups, signals.viewerGroups),
      shown: signals.sameCategoryGroups > 0,
    },
    {
      tag: RELEVANCE_TAGS.popular,
      points: popularityPoints(signals.members, signals.maxMembers),
      shown: popularityPoints(signals.members, signals.maxMembers) >= 10,
    },
    {
      tag: RELEVANCE_TAGS.rated,
      points: ratingPoints(signals.ratingAverage, signals.ratingsCount),
      shown: signals.ratingsCount >= 3 && signals.ratingAverage >= 4,
    },
  ];
  const score = roundScore(reasons.reduce((sum, reason) => sum + reason.points, 0));
  // The biggest contributor names the reason; on a tie the earlier (more personal) one wins.
  const main = reasons
    .filter((reason) => reason.shown)
    .reduce<(typeof reasons)[number] | null>(
      (best, reason) => (!best || reason.points > best.points ? reason : best),
      null,
    );
  return { score, tag: main?.tag ?? null, isRecommended: score >= RELEVANCE_YELLOW_FROM };
}

/** The viewer's category points for every category they are in, from their groups' categories. */
export function categoryPointsByCategory(
  counts: { category: GroupCategory; groups: number }[],
): Partial<Record<GroupCategory, number>> {
  const total = counts.reduce((sum, row) => sum + row.groups, 0);
  return Object.fromEntries(counts.map((row) => [row.category, categoryPoints(row.groups, total)]));
}
