import type { ForumComment, ForumTopic } from '@estudai/contract';
import { and, asc, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  forumCommentLikes,
  forumComments,
  forumTopicLikes,
  forumTopics,
  users,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';
import { type TopicRow, toForumComment, toForumTopic } from './forum.present.ts';

/** A topic in the list carries at most its newest 50 replies (oldest first); repliesCount has them all. */
export const COMMENTS_PER_TOPIC = 50;

const author = { displayName: users.displayName, avatar: users.avatar };

/** Who reads what: nobody a deleted row, only managers a hidden one. */
const actionable = (table: typeof forumTopics | typeof forumComments, canManage: boolean) =>
  and(isNull(table.deletedAt), canManage ? undefined : isNull(table.hiddenAt));

/** Listed: what one may act on, plus one's own removed rows (shown as 'Removido pela moderação'). */
const listed = (table: typeof forumTopics | typeof forumComments, viewerId: string, canManage: boolean) =>
  or(actionable(table, canManage), eq(table.authorId, viewerId));

/** A topic one may act on (like, reply, moderate): never a deleted one, a hidden one for managers. */
export async function findTopic(
  db: Tx,
  groupId: string,
  topicId: string,
  canManage = false,
): Promise<TopicRow | undefined> {
  if (!isUuid(topicId)) return undefined;
  const [row] = await db
    .select()
    .from(forumTopics)
    .where(
      and(
        eq(forumTopics.id, topicId),
        eq(forumTopics.studyGroupId, groupId),
        actionable(forumTopics, canManage),
      ),
    )
    .limit(1);
  return row;
}

export async function findComment(db: Tx, topicId: string, commentId: string, canManage = false) {
  if (!isUuid(commentId)) return undefined;
  const [row] = await db
    .select()
    .from(forumComments)
    .where(
      and(
        eq(forumComments.id, commentId),
        eq(forumComments.topicId, topicId),
        actionable(forumComments, canManage),
      ),
    )
    .limit(1);
  return row;
}

/** The newest replies of each topic, oldest first, with the viewer's likes. */
async function commentsOf(
  db: Tx,
  topicIds: string[],
  viewerId: string,
  canManage: boolean,
): Promise<Map<string, ForumComment[]>> {
  const byTopic = new Map<string, ForumComment[]>(topicIds.map((id) => [id, []]));
  if (topicIds.length === 0) return byTopic;
  const ranked = db
    .select({
      id: forumComments.id,
      rank: sql<number>`row_number() over (partition by ${forumComments.topicId} order by ${forumComments.createdAt} desc, ${forumComments.id} desc)`.as(
        'rank',
      ),
    })
    .from(forumComments)
    .where(and(inArray(forumComments.topicId, topicIds), listed(forumComments, viewerId, canManage)))
    .as('ranked');
  const rows = await db
    .select({
      comment: forumComments,
      author,
      isLiked: sql<boolean>`exists (select 1 from ${forumCommentLikes} where ${forumCommentLikes.commentId} = ${forumComments.id} and ${forumCommentLikes.userId} = ${viewerId})`,
    })
    .from(forumComments)
    .innerJoin(ranked, eq(ranked.id, forumComments.id))
    .innerJoin(users, eq(users.id, forumComments.authorId))
    .where(lte(ranked.rank, COMMENTS_PER_TOPIC))
    .orderBy(asc(forumComments.createdAt), asc(forumComments.id));
  for (const row of rows)
    byTopic.get(row.comment.topicId)?.push(toForumComment(row.comment, row.author, row.isLiked, canManage));
  return byTopic;
}

/** Topics matching `where` that the viewer may see, pinned first then newest, each with its replies. */
export async function selectTopics(
  db: Tx,
  viewerId: string,
  where: SQL | undefined,
  page: { limit: number; offset: number } = { limit: 1, offset: 0 },
  canManage = false,
): Promise<ForumTopic[]> {
  const rows = await db
    .select({
      topic: forumTopics,
      author,
      isLiked: sql<boolean>`exists (select 1 from ${forumTopicLikes} where ${forumTopicLikes.topicId} = ${forumTopics.id} and ${forumTopicLikes.userId} = ${viewerId})`,
    })
    .from(forumTopics)
    .innerJoin(users, eq(users.id, forumTopics.authorId))
    .where(and(where, listed(forumTopics, viewerId, canManage)))
    .orderBy(desc(forumTopics.isPinned), desc(forumTopics.createdAt), desc(forumTopics.id))
    .limit(page.limit)
    .offset(page.offset);
  const comments = await commentsOf(
    db,
    rows.map((row) => row.topic.id),
    viewerId,
    canManage,
  );
  return rows.map((row) =>
    toForumTopic(row.topic, row.author, row.isLiked, comments.get(row.topic.id) ?? [], canManage),
  );
}
