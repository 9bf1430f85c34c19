import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

export interface CandidateRow extends Record<string, unknown> {
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

/**
 * The candidates for `userId`, best first, at most `limit` (see listRecommendations for the
 * signals and the rules). `adultBornOnOrBefore`: for an adult viewer, only people born on or
 * before it (adults); null for a minor viewer.
 */
export async function recommendationCandidates(
  db: Tx,
  userId: string,
  adultBornOnOrBefore: string | null,
  limit: number,
): Promise<CandidateRow[]> {
  const onlyAdults =
    adultBornOnOrBefore === null
      ? sql``
      : sql`and u.birth_date is not null and u.birth_date <= ${adultBornOnOrBefore}::date`;
  const result = await db.execute<CandidateRow>(sql`
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
    limit ${limit}
  `);
  const rows: CandidateRow[] = Array.isArray(result) ? result : (result as { rows: CandidateRow[] }).rows;
  return rows;
}
