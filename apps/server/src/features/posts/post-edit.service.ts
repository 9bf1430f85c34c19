import { isDeepStrictEqual } from 'node:util';
import {
  type CreatePostInput,
  ErrorCode,
  POST_MESSAGES,
  type Post,
  type UpdatePostInput,
} from '@estudai/contract';
import { imageViewer } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { posts } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { releasePostFiles, requireOwnUploads } from '../media/index.ts';
import { hasAnswers, lockPostRow, updatePostRow } from './post-edit.queries.ts';
import { buildPostValues } from './post-values.ts';
import { requireMentionable } from './posts.mentions.ts';
import { toPost } from './posts.present.ts';
import { findActionablePost, findOwnPost, findPostRow } from './posts.queries.ts';

type PostRecord = typeof posts.$inferSelect;
type StructuredField = 'mediaUrls' | 'questionData' | 'pollData' | 'questionSetData';

/** Which fields besides the text each type of post lets its author change. */
const EDITABLE: Record<PostRecord['type'], StructuredField | null> = {
  text: null,
  photo: 'mediaUrls',
  attachment: 'mediaUrls',
  question: 'questionData',
  poll: 'pollData',
  question_set: 'questionSetData',
};

/** The columns a structured edit writes, built exactly as creating the post would build them. */
function structuredValues(post: PostRecord, input: UpdatePostInput, now: Date) {
  const values = buildPostValues({ ...input, type: post.type, content: '' } as CreatePostInput, now);
  switch (post.type) {
    case 'photo': {
      // Descriptions sent with the links replace the old; without them each kept photo keeps its own.
      const mediaUrls = values.mediaUrls ?? [];
      const mediaAlts =
        input.mediaAlts !== undefined
          ? (values.mediaAlts ?? {})
          : Object.fromEntries(Object.entries(post.mediaAlts).filter(([url]) => mediaUrls.includes(url)));
      return { mediaUrls, mediaAlts };
    }
    case 'attachment':
      return { mediaUrls: values.mediaUrls ?? [] };
    case 'question': {
      // Issue 42: an imported question's image is not part of the form: it stays with the question.
      const imageUrl = post.questionData?.imageUrl;
      const questionData =
        values.questionData && imageUrl ? { ...values.questionData, imageUrl } : values.questionData;
      return { questionData };
    }
    case 'poll':
      return { pollData: values.pollData, pollVoteCounts: values.pollVoteCounts };
    case 'question_set': {
      // An imported quiz's images stay with the questions in their places.
      const before = post.questionSetData?.questions ?? [];
      const set = values.questionSetData;
      const questionSetData = set && {
        ...set,
        questions: set.questions.map((question, index) => {
          const imageUrl = before[index]?.imageUrl;
          return imageUrl ? { ...question, imageUrl } : question;
        }),
      };
      return { questionSetData };
    }
    default:
      return {};
  }
}

/**
 * `PATCH /api/posts/{id}`: the author changes the text, a photo or attachment post's links, or a
 * question's, poll's or quiz's own data while nobody has answered it (409 after). Someone else's
 * post is 403; a post the caller cannot see is 404. An edit that changes nothing keeps no mark.
 */
export async function updatePost(
  ctx: AppContext,
  viewer: SessionUser,
  postId: string,
  input: UpdatePostInput,
): Promise<Post> {
  const { db } = ctx.database;
  const now = ctx.clock();
  const own = await findOwnPost(db, viewer.id, postId);
  if (!own) {
    if (await findActionablePost(db, viewer.id, postId)) throw forbidden(POST_MESSAGES.editForbidden);
    throw notFound(POST_MESSAGES.notFound);
  }
  if (input.content !== undefined) await requireMentionable(db, viewer.id, input.content);
  const edited = await ctx.events.transaction(async (tx) => {
    const post = await lockPostRow(tx, own.id);
    if (!post) throw notFound(POST_MESSAGES.notFound);
    const allowed = EDITABLE[post.type];
    const given = (['mediaUrls', 'questionData', 'pollData', 'questionSetData'] as const).filter(
      (field) => input[field] !== undefined,
    );
    if (given.some((field) => field !== allowed)) {
      throw badRequest(POST_MESSAGES.editFieldNotAllowed, ErrorCode.validation);
    }
    const changes: Partial<typeof posts.$inferInsert> = {};
    if (input.content !== undefined && input.content !== post.content) {
      if (post.type === 'text' && !input.content) {
        throw badRequest(POST_MESSAGES.contentRequired, ErrorCode.validation);
      }
      changes.content = input.content;
    }
    if (allowed && input[allowed] !== undefined) {
      const next = structuredValues(post, input, now);
      const changed = Object.entries(next).some(
        ([key, value]) =>
          key !== 'pollVoteCounts' && !isDeepStrictEqual(value, post[key as keyof PostRecord]),
      );
      if (changed) {
        if (allowed !== 'mediaUrls' && (await hasAnswers(tx, post))) {
          throw conflict(POST_MESSAGES.optionsLocked);
        }
        Object.assign(changes, next);
      }
    }
    if (Object.keys(changes).length === 0) return false;
    // Issue 37: new media are the author's own uploads; dropped ones go from the store.
    const media =
      changes.mediaUrls && (post.type === 'photo' || post.type === 'attachment') ? changes.mediaUrls : null;
    if (media && (post.type === 'photo' || post.type === 'attachment')) {
      await requireOwnUploads(
        ctx,
        tx,
        viewer.id,
        post.type,
        media.filter((url) => !post.mediaUrls.includes(url)),
      );
    }
    await updatePostRow(tx, post.id, { ...changes, editedAt: now });
    if (media)
      await releasePostFiles(
        ctx,
        tx,
        post.mediaUrls.filter((url) => !media.includes(url)),
      );
    return true;
  });
  // The feed pages showing it are read afresh (decision 031).
  if (edited) ctx.bus.publish('post.edited', { postId: own.id });
  const row = await findPostRow(db, viewer.id, own.id);
  if (!row) throw notFound(POST_MESSAGES.notFound);
  return toPost(row, imageViewer(viewer, ctx.clock()));
}
