import type { ForumComment, ForumTopic } from '@estudai/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
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
const COMMENTS_PER_TOPIC = 50;

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
async function selectTopics(
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

/** A page of a group's topics, as the viewer sees them. */
export function selectGroupTopics(
  db: Tx,
  viewerId: string,
  groupId: string,
  page: { limit: number; offset: number },
  canManage: boolean,
): Promise<ForumTopic[]> {
  return selectTopics(db, viewerId, eq(forumTopics.studyGroupId, groupId), page, canManage);
}

/** One topic as a moderator sees it. */
export async function selectTopicForModerator(
  db: Tx,
  viewerId: string,
  topicId: string,
): Promise<ForumTopic | undefined> {
  const [topic] = await selectTopics(db, viewerId, eq(forumTopics.id, topicId), undefined, true);
  return topic;
}

export async function insertTopic(db: Tx, values: typeof forumTopics.$inferInsert): Promise<TopicRow> {
  const [row] = await db.insert(forumTopics).values(values).returning();
  if (!row) throw new Error('insert returned no topic');
  return row;
}

/** What a like toggle needs: like (a row when new), unlike (a row when there was one), bump the count. */
export interface LikeToggleQueries {
  like: () => Promise<unknown[]>;
  unlike: () => Promise<unknown[]>;
  bump: (delta: number) => Promise<{ likesCount: number }[]>;
}

/** The like of a topic by one user, and the topic's counter, inside `tx`. */
export function topicLikeQueries(tx: Tx, topicId: string, userId: string): LikeToggleQueries {
  const mine = and(eq(forumTopicLikes.topicId, topicId), eq(forumTopicLikes.userId, userId));
  return {
    like: () =>
      tx
        .insert(forumTopicLikes)
        .values({ topicId, userId })
        .onConflictDoNothing()
        .returning({ id: forumTopicLikes.topicId }),
    unlike: () => tx.delete(forumTopicLikes).where(mine).returning({ id: forumTopicLikes.topicId }),
    bump: (delta) =>
      tx
        .update(forumTopics)
        .set({ likesCount: sql`${forumTopics.likesCount} + ${delta}` })
        .where(eq(forumTopics.id, topicId))
        .returning({ likesCount: forumTopics.likesCount }),
  };
}

/** The like of a reply by one user, and the reply's counter, inside `tx`. */
export function commentLikeQueries(tx: Tx, commentId: string, userId: string): LikeToggleQueries {
  const mine = and(eq(forumCommentLikes.commentId, commentId), eq(forumCommentLikes.userId, userId));
  return {
    like: () =>
      tx
        .insert(forumCommentLikes)
        .values({ commentId, userId })
        .onConflictDoNothing()
        .returning({ id: forumCommentLikes.commentId }),
    unlike: () => tx.delete(forumCommentLikes).where(mine).returning({ id: forumCommentLikes.commentId }),
    bump: (delta) =>
      tx
        .update(forumComments)
        .set({ likesCount: sql`${forumComments.likesCount} + ${delta}` })
        .where(eq(forumComments.id, commentId))
        .returning({ likesCount: forumComments.likesCount }),
  };
}

/** Counts a new reply on the topic unless it is closed: false when closed (meanwhile). */
export async function countReplyUnlessClosed(tx: Tx, topicId: string): Promise<boolean> {
  const [counted] = await tx
    .update(forumTopics)
    .set({ repliesCount: sql`${forumTopics.repliesCount} + 1` })
    .where(and(eq(forumTopics.id, topicId), eq(forumTopics.isClosed, false)))
    .returning({ id: forumTopics.id });
  return Boolean(counted);
}

export async function insertComment(tx: Tx, values: typeof forumComments.$inferInsert) {
  const [row] = await tx.insert(forumComments).values(values).returning();
  if (!row) throw new Error('insert returned no comment');
  return row;
}

// Moderation (forum-moderation.service.ts).

export async function updateTopic(
  db: Tx,
  topicId: string,
  changes: Partial<Pick<TopicRow, 'isPinned' | 'isClosed' | 'hiddenAt'>>,
): Promise<void> {
  await db.update(forumTopics).set(changes).where(eq(forumTopics.id, topicId));
}

/** Deletes a topic for good (its row stays, marked), once. */
export async function markTopicDeleted(db: Tx, topicId: string, now: Date): Promise<void> {
  await db
    .update(forumTopics)
    .set({ deletedAt: now })
    .where(and(eq(forumTopics.id, topicId), isNull(forumTopics.deletedAt)));
}

/** Moves a topic's reply count by `delta`, never below 0. */
export async function countReplies(tx: Tx, topicId: string, delta: number): Promise<void> {
  await tx
    .update(forumTopics)
    .set({ repliesCount: sql`greatest(${forumTopics.repliesCount} + ${delta}, 0)` })
    .where(eq(forumTopics.id, topicId));
}

/** Hides a reply (`hiddenAt`) or shows it again (null): false when it was so already, or deleted. */
export async function setCommentHiddenAt(tx: Tx, commentId: string, hiddenAt: Date | null): Promise<boolean> {
  const changed = await tx
    .update(forumComments)
    .set({ hiddenAt })
    .where(
      and(
        eq(forumComments.id, commentId),
        isNull(forumComments.deletedAt),
        hiddenAt ? isNull(forumComments.hiddenAt) : isNotNull(forumComments.hiddenAt),
      ),
    )
    .returning({ id: forumComments.id });
  return changed.length > 0;
}

/** Deletes a reply for good (its row stays, marked), once: the row as it was, or undefined. */
export async function markCommentDeleted(tx: Tx, commentId: string, now: Date) {
  const [deleted] = await tx
    .update(forumComments)
    .set({ deletedAt: now })
    .where(and(eq(forumComments.id, commentId), isNull(forumComments.deletedAt)))
    .returning({ hiddenAt: forumComments.hiddenAt });
  return deleted;
}
