import type { RecommendationReason, RecommendedUser } from '@estudai/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { adultBornOnOrBefore, ageBand, isMinorBand } from '../../lib/ages.ts';

interface CandidateRow extends Record<string, unknown> {
  id: string;
  username: string;
  display_name: string;
  avatar: string | null;
  bio: string;
  is_verified: boolean;
  followers_count: number;
  mutual_count: number;
  shared_groups: number;
  shared_interest: number;
}

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
  now = new Date(),
): Promise<RecommendedUser[]> {
  const userId = viewer.id;
  // Issue 25: minors are never offered to adults (nor to people whose age is unknown), and nobody
  // who turned 'discoverable' off is offered to anyone.
  const viewerIsMinor = isMinorBand(ageBand(viewer.birthDate, now));
  const onlyAdults = viewerIsMinor
    ? sql``
    : sql`and u.birth_date is not null and u.birth_date <= ${adultBornOnOrBefore(now)}::date`;
  const result = await ctx.database.db.execute<CandidateRow>(sql`
    with my_follows as (
      select following_id from follows where follower_id = ${userId}
    ),
    my_groups as (
      select study_group_id as id from group_memberships
      where user_id = ${userId} and status = 'active' and (expires_at is null or expires_at > now())
      union select id from study_groups where owner_id = ${userId}
    ),
    my_posts as (
      select post_id from post_likes where user_id = ${userId}
      union select post_id from post_answers where user_id = ${userId}
      union select post_id from comments where author_id = ${userId}
    ),
    candidates as (
      select u.id, u.username, u.display_name, u.avatar, u.bio, u.is_verified,
        (select count(*)::int from follows f where f.following_id = u.id) as followers_count,
        (select count(*)::int from follows f where f.following_id = u.id
           and f.follower_id in (select following_id from my_follows)) as mutual_count,
        (select count(*)::int from (
           select gm.study_group_id as id from group_memberships gm
           where gm.user_id = u.id and gm.status = 'active' and (gm.expires_at is null or gm.expires_at > now())
           union select sg.id from study_groups sg where sg.owner_id = u.id
         ) theirs where theirs.id in (select id from my_groups)) as shared_groups,
        (select count(*)::int from (
           select post_id from post_likes where user_id = u.id
           union select post_id from post_answers where user_id = u.id
           union select post_id from comments where author_id = u.id
         ) theirs where theirs.post_id in (select post_id from my_posts)) as shared_interest
      from users u
      where u.id <> ${userId}
        and u.suspended_at is null
        and u.email_verified
        and u.discoverable
        ${onlyAdults}
        and u.id not in (select following_id from my_follows)
    )
    select * from candidates
    order by mutual_count desc, shared_groups desc, shared_interest desc, followers_count desc, display_name asc
    limit ${RECOMMENDATION_LIMIT}
  `);
  const rows: CandidateRow[] = Array.isArray(result) ? result : (result as { rows: CandidateRow[] }).rows;
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
