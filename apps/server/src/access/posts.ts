import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { groupMemberships, posts, studyGroups } from '../db/schema/index.ts';
import { notBlockedEitherWay } from './blocks.ts';
import { authorShownTo } from './follows.ts';
import { currentMembershipSql } from './groups.ts';

// Which posts a viewer may see: the SQL every list and every read of posts (and their comments,
// likes and answers) adds.

/**
 * Issue 25, wherever posts are listed or read: a hidden post (an 'exploracao_infantil' report
 * waiting, a moderator's decision) is gone for everyone, and a followers-only author's main-feed
 * posts are for their followers (a group's posts are for its members, below); across a block
 * (issue 21) neither sees the other's posts, in groups too. Needs `users` joined as the author.
 */
export function postShownTo(viewerId: string | Placeholder): SQL {
  return sql`(${posts.hiddenAt} is null and ((${posts.studyGroupId} is not null and ${notBlockedEitherWay(viewerId, posts.authorId)})
    or ${authorShownTo(viewerId, posts.authorId)}))`;
}

/**
 * The post is shown to the viewer (above), and on the main feed or in a group `viewerId` may read
 * (its owner or a current member): group posts are members-only wherever they are read or acted
 * on (group-access.ts has the rule).
 */
export function postVisibleTo(viewerId: string | Placeholder): SQL {
  return sql`(${postShownTo(viewerId)} and (${posts.studyGroupId} is null
    or exists (select 1 from ${studyGroups} where ${studyGroups.id} = ${posts.studyGroupId} and ${studyGroups.ownerId} = ${viewerId})
    or exists (select 1 from ${groupMemberships} where ${groupMemberships.studyGroupId} = ${posts.studyGroupId}
      and ${groupMemberships.userId} = ${viewerId} and ${currentMembershipSql})))`;
}
