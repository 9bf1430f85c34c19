import {
  type CreatePostInput,
  type FeedKind,
  POST_MESSAGES,
  type Post,
  pageOf,
  postSchema,
} from '@estudai/contract';
import { z } from 'zod';
import {
  type ImageViewer,
  imageViewer,
  requireGroupContentAccess,
  requireNotLimited,
  requireProfileSurface,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { pgErrorCode } from '../../lib/pg-errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { releasePostFiles, requireOwnUploads } from '../media/index.ts';
import { cursorKey } from './cursor.ts';
import { feedPageKey } from './feed-cache.ts';
import { listHomeFeedRows } from './home-feeds.queries.ts';
import { buildPostValues } from './post-values.ts';
import { mentionedReaders, requireMentionable } from './posts.mentions.ts';
import { toPost } from './posts.present.ts';
import {
  deletePostRow,
  findActionablePost,
  findActiveAuthor,
  findOwnPost,
  findPostRow,
  insertPost,
  type ListInput,
  listAuthorRows,
  listGroupRows,
  listSavedRows,
  listSearchRows,
  listTrendingHashtagRows,
  type PostMatch,
  type PostRow,
  type RowPage,
  readLikesCount,
  writeLike,
  writeSave,
} from './posts.queries.ts';

export type { PostMatch } from './posts.queries.ts';

const USER_NOT_FOUND = 'Usuário não encontrado.';

/** How a question is shown, for the question bank (features/study) to show it alike. */
export { toQuestionData } from './posts.present.ts';

/**
 * Where a post may go: the main feed (null), or a group the author owns or is a current member of;
 * any other group answers 404, like its members-only content does.
 */
async function assertCanPostInGroup(
  ctx: AppContext,
  author: SessionUser,
  studyGroupId: string | null | undefined,
): Promise<void> {
  if (studyGroupId == null) return;
  await requireGroupContentAccess(ctx.database.db, studyGroupId, author.id);
}

/** A post that vanished between our check and our write (deleted meanwhile) is a 404 too. */
export function rethrowMissing(error: unknown, message: string = POST_MESSAGES.notFound): never {
  if (pgErrorCode(error) === '23503') throw notFound(message);
  throw error;
}

export async function createPost(
  ctx: AppContext,
  author: SessionUser,
  input: CreatePostInput,
): Promise<Post> {
  const { db } = ctx.database;
  await requireNotLimited(db, author.id, ctx.clock());
  await assertCanPostInGroup(ctx, author, input.studyGroupId);
  await requireMentionable(db, author.id, input.content);
  if (input.type === 'photo' || input.type === 'attachment') {
    await requireOwnUploads(ctx, db, author.id, input.type, input.mediaUrls);
  }
  const now = ctx.clock();
  // The mentions and a tenth post's achievement are notifications' ('post.created'), in this
  // transaction; a group's post is also the group's news ('group.contentAdded', after the commit).
  const created = await ctx.events.transaction(async (tx) => {
    const inserted = await insertPost(tx, { authorId: author.id, ...buildPostValues(input, now) });
    if (!inserted) return inserted;
    await ctx.events.emit(tx, 'post.created', {
      postId: inserted.id,
      authorId: author.id,
      authorName: author.displayName,
      content: inserted.content,
      studyGroupId: inserted.studyGroupId,
      mentionedIds: await mentionedReaders(tx, author.id, inserted.content, inserted.studyGroupId),
    });
    // A group's members hear of it with the group's news (groups' 'group.contentAdded').
    if (inserted.studyGroupId) {
      await ctx.events.emit(tx, 'group.contentAdded', {
        groupId: inserted.studyGroupId,
        actorId: author.id,
        news: 'post',
      });
    }
    return inserted;
  });
  if (created) {
    ctx.bus.publish('post.created', {
      postId: created.id,
      authorId: author.id,
      studyGroupId: created.studyGroupId,
      at: created.createdAt.toISOString(),
    });
  }
  const row = created && (await findPostRow(db, author.id, created.id));
  if (!row) throw new Error('the new post could not be read back');
  return toPost(row, imageViewer(author, ctx.clock()));
}

export async function getPost(ctx: AppContext, viewer: SessionUser, postId: string): Promise<Post> {
  const row = await findPostRow(ctx.database.db, viewer.id, postId);
  if (!row) throw notFound(POST_MESSAGES.notFound);
  return toPost(row, imageViewer(viewer, ctx.clock()));
}

/** A post the viewer may see, for a report ('Denunciar'): undefined when they may not. */
export function findReportablePost(db: Tx, viewerId: string, postId: string) {
  return findActionablePost(db, viewerId, postId);
}

/**
 * Authors delete their own posts; likes, saves, answers, votes and comments go with them, and its
 * photos and PDFs answer 404 at once and leave the store through a job (issue 37).
 */
export async function deletePost(ctx: AppContext, viewer: SessionUser, postId: string): Promise<void> {
  const post =
    (await findOwnPost(ctx.database.db, viewer.id, postId)) ??
    (await findActionablePost(ctx.database.db, viewer.id, postId));
  if (!post) throw notFound(POST_MESSAGES.notFound);
  if (post.authorId !== viewer.id) throw forbidden(POST_MESSAGES.deleteForbidden);
  await ctx.events.transaction(async (tx) => {
    const mediaUrls = await deletePostRow(tx, post.id);
    await releasePostFiles(ctx, tx, mediaUrls);
  });
  ctx.bus.publish('post.deleted', { postId: post.id });
}

export interface PostPage {
  data: Post[];
  hasMore: boolean;
  nextCursor: string | null;
}

const toPage = (page: RowPage<PostRow>, viewer: ImageViewer): PostPage => ({
  data: page.rows.map((row) => toPost(row, viewer)),
  hasMore: page.hasMore,
  nextCursor: page.nextCursor,
});

const postPageSchema = pageOf(postSchema);

/**
 * 'Para você' or 'Seguindo' (decision 034) as the JSON reply: a page re-read with no write in
 * between comes from memory already serialized (feed-cache.ts).
 */
export async function feedJson(
  ctx: AppContext,
  viewer: SessionUser,
  input: ListInput & { feed: FeedKind },
): Promise<Buffer> {
  return ctx.feedCache.read(feedPageKey(viewer.id, input), async () => {
    const rows = await listHomeFeedRows(
      ctx.database.db,
      cursorKey(ctx.config.dataDir),
      viewer.id,
      input.feed,
      input,
    );
    await ctx.database.betweenSteps?.();
    // Exactly what the routes' response serializer writes (fastify-type-provider-zod: encode, then JSON).
    const json = Buffer.from(
      JSON.stringify(z.encode(postPageSchema, toPage(rows, imageViewer(viewer, ctx.clock())))),
    );
    const contents = {
      viewerId: viewer.id,
      postIds: rows.rows.map((row) => row.post.id),
      authorIds: rows.rows.map((row) => row.author.id),
      likesVersions: rows.rows.map((row) => row.post.likesVersion),
      // A page after a cursor holds a stretch of ranks: a new post touches it only if its rank can
      // fall there (issue 37); a page by number moves with every new post.
      ranks: input.cursor ? rows.ranks : undefined,
    };
    return { json, contents };
  });
}

/** A group's posts, newest first: its owner and current members only (404 for anyone else). */
export async function listGroupPosts(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  input: ListInput,
): Promise<PostPage> {
  const { db } = ctx.database;
  const { group } = await requireGroupContentAccess(db, groupId, viewer.id);
  const key = cursorKey(ctx.config.dataDir);
  return toPage(await listGroupRows(db, key, viewer.id, group.id, input), imageViewer(viewer, ctx.clock()));
}

export async function listSaved(ctx: AppContext, viewer: SessionUser, input: ListInput): Promise<PostPage> {
  const key = cursorKey(ctx.config.dataDir);
  return toPage(
    await listSavedRows(ctx.database.db, key, viewer.id, input),
    imageViewer(viewer, ctx.clock()),
  );
}

export async function listUserPosts(
  ctx: AppContext,
  viewer: SessionUser,
  userId: string,
  input: ListInput,
): Promise<PostPage> {
  const { db } = ctx.database;
  const author = await findActiveAuthor(db, userId);
  if (!author) throw notFound(USER_NOT_FOUND);
  // Issue 37 (the probe): the profile's posts follow the rule of its other parts, a 404 otherwise.
  await requireProfileSurface(db, viewer, author, 'posts');
  const key = cursorKey(ctx.config.dataDir);
  return toPage(await listAuthorRows(db, key, viewer.id, author.id, input), imageViewer(viewer, ctx.clock()));
}

/** `GET /api/search?type=posts`: words or one #hashtag, in posts the viewer may read. */
export async function searchPosts(
  ctx: AppContext,
  viewer: SessionUser,
  match: PostMatch,
  input: { cursor?: string; limit: number },
): Promise<PostPage> {
  const key = cursorKey(ctx.config.dataDir);
  const rows = await listSearchRows(ctx.database.db, key, viewer.id, match, { ...input, page: 1 });
  return toPage(rows, imageViewer(viewer, ctx.clock()));
}

/** The main feed's most used hashtags since `since` (the search's 'Em alta'). */
export function listTrendingHashtags(
  ctx: AppContext,
  viewer: SessionUser,
  input: { since: Date; limit: number; maxLength: number },
) {
  return listTrendingHashtagRows(ctx.database.db, viewer.id, input);
}

async function actionablePostId(db: Tx, viewerId: string, postId: string): Promise<string> {
  const post = await findActionablePost(db, viewerId, postId);
  if (!post) throw notFound(POST_MESSAGES.notFound);
  return post.id;
}

/**
 * Like or unlike, idempotently: only a row really inserted or deleted moves the counter, in the
 * same statement, so the count stays exact however fast or however many people click. A new like
 * is the 'post.liked' event, in the like's own statement (notifications tells the author, once:
 * decision 067).
 */
export async function setLiked(ctx: AppContext, viewer: SessionUser, postId: string, liked: boolean) {
  const { db } = ctx.database;
  try {
    // One statement: the post, the like row, the counter and the event's writes (issues 22 and 41).
    const written = await writeLike(db, ctx.events, {
      viewer: viewer.id,
      viewerName: viewer.displayName,
      post: postId,
      liked,
    });
    if (!written) throw notFound(POST_MESSAGES.notFound);
    let { likesCount } = written;
    if (!written.changed) {
      // Liked twice (or raced by the same person's other click): the count as it is now.
      const current = await readLikesCount(db, written.id);
      if (current === undefined) throw notFound(POST_MESSAGES.notFound);
      likesCount = current;
    }
    if (written.changed) {
      if (liked) ctx.events.statementDone('post.liked', written.event);
      const { likesVersion, becamePopular } = written;
      ctx.bus.publish('post.liked', {
        postId: written.id,
        userId: viewer.id,
        liked,
        likesCount,
        likesVersion,
        becamePopular,
      });
    }
    return { isLiked: liked, likesCount };
  } catch (error) {
    rethrowMissing(error);
  }
}

/** Save or unsave, idempotently. */
export async function setSaved(ctx: AppContext, viewer: SessionUser, postId: string, saved: boolean) {
  const { db } = ctx.database;
  const id = await actionablePostId(db, viewer.id, postId);
  try {
    await writeSave(db, id, viewer.id, saved);
  } catch (error) {
    rethrowMissing(error);
  }
  ctx.bus.publish('post.saved', { postId: id, userId: viewer.id });
  return { isSaved: saved };
}
