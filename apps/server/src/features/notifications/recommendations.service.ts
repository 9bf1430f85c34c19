import type { RecommendationReason, RecommendedUser } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import { adultBornOnOrBefore, ageBand, isMinorBand } from '../../lib/ages.ts';
import { type CandidateRow, recommendationCandidates } from './recommendations.queries.ts';

const RECOMMENDATION_LIMIT = 10;

/**
 * People you may know, from real signals: followed by people you follow (mutual_connections), in
 * a study group with you as member or owner (study_groups), who engage with the same posts you
 * answered, liked or commented on (similar_interests), else the most followed (popular). Never yourself, people you already follow, or suspended accounts;
 * never a minor to an adult.
 */
export async function listRecommendations(
  ctx: AppContext,
  viewer: { id: string; birthDate: string | null },
  now = ctx.clock(),
): Promise<RecommendedUser[]> {
  const userId = viewer.id;
  // Issue 25: minors are never offered to adults (nor to people whose age is unknown), and nobody
  // who turned 'discoverable' off is offered to anyone.
  const viewerIsMinor = isMinorBand(ageBand(viewer.birthDate, now));
  const rows = await recommendationCandidates(
    ctx.database.db,
    userId,
    viewerIsMinor ? null : adultBornOnOrBefore(now),
    RECOMMENDATION_LIMIT,
  );
  return rows.map((row) => ({
    userId: row.id,
    userName: row.username,
    displayName: row.display_name,
    avatar: row.avatar,
    bio: row.bio,
    isVerified: row.is_verified,
    followersCount: Number(row.followers_count),
    mutualFollowersCount: Number(row.mutual_count),
    recommendationReason: reasonFor(row),
  }));
}

function reasonFor(row: CandidateRow): RecommendationReason {
  if (Number(row.mutual_count) > 0) return 'mutual_connections';
  if (Number(row.shared_groups) > 0) return 'study_groups';
  if (Number(row.shared_interest) > 0) return 'similar_interests';
  return 'popular';
}
