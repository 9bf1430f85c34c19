import {
  type CreateResolutionInput,
  MEDIA_ERROR_CODES,
  PRACTICE_MESSAGES,
  type Resolution,
  STUDY_LOOP_MESSAGES,
  type UpdateResolutionInput,
} from '@estudai/contract';
import {
  allOwnUploads,
  imageViewer,
  mayAcceptResolution,
  resolutionAccess,
  shownImagesOf,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { findVisibleQuestions } from '../study/index.ts';
import { toResolution } from './resolutions.present.ts';
import {
  deleteResolution,
  deleteVote,
  findResolutionRow,
  insertResolution,
  insertVote,
  listResolutionRows,
  lockResolution,
  markAccepted,
  type ResolutionRow,
  updateResolutionContent,
} from './resolutions.queries.ts';

const M = PRACTICE_MESSAGES;
/** The code of the 403 before the viewer answered the question. */
const ANSWER_FIRST = 'ANSWER_FIRST';

/**
 * The question the viewer may read resolutions of: a 404 when they cannot see it in the bank, a
 * 403 ANSWER_FIRST before they answered it (its author excepted).
 */
async function questionFor(db: Tx, viewer: SessionUser, postId: string, questionIndex: number) {
  const [question] = isUuid(postId)
    ? await findVisibleQuestions(db, viewer.id, [{ postId, questionIndex }])
    : [];
  const isQuestionAuthor = question?.authorId === viewer.id;
  const access = resolutionAccess({
    questionVisible: Boolean(question),
    answered: question?.viewerAnswered ?? false,
    isQuestionAuthor,
  });
  if (access === 'not_found' || !question) throw notFound(STUDY_LOOP_MESSAGES.questionNotFound);
  if (access === 'answer_first') throw forbidden(M.answerFirst, ANSWER_FIRST);
  return { ...question, isQuestionAuthor };
}

/** Resolutions as this viewer gets them, their images through the image rule (issue 43). */
async function presented(ctx: AppContext, viewer: SessionUser, rows: ResolutionRow[]): Promise<Resolution[]> {
  const urls = rows.flatMap((row) => row.resolution.mediaUrls);
  const shown = await shownImagesOf(
    ctx.database.db,
    ctx.config.publicUrl,
    imageViewer(viewer, ctx.clock()),
    urls,
  );
  return rows.map((row) => toResolution(row, shown));
}

/** One resolution (just written or changed) as its viewer gets it. */
async function presentedOne(ctx: AppContext, viewer: SessionUser, id: string): Promise<Resolution> {
  const row = await findResolutionRow(ctx.database.db, viewer.id, id);
  if (!row) throw notFound(M.resolutionNotFound);
  const [resolution] = await presented(ctx, viewer, [row]);
  return resolution as Resolution;
}

/**
 * A resolution's images are the author's own `resolution_image` uploads (served by the resolutions'
 * rule at /media/resolutions/ and looked at by the image check), never outside addresses.
 */
async function requireOwnImages(ctx: AppContext, viewer: SessionUser, urls: string[] | undefined) {
  if (!urls?.length) return;
  if (!(await allOwnUploads(ctx.database.db, ctx.config.publicUrl, viewer.id, urls, 'resolution_image'))) {
    throw badRequest(M.resolutionImagesNotUploaded, MEDIA_ERROR_CODES.notUploaded);
  }
}

/** A resolution whose question the viewer may read resolutions of; a 404 for anything else. */
async function resolutionFor(db: Tx, viewer: SessionUser, id: string) {
  const row = isUuid(id) ? await findResolutionRow(db, viewer.id, id) : undefined;
  if (!row) throw notFound(M.resolutionNotFound);
  const question = await questionFor(db, viewer, row.resolution.postId, row.resolution.questionIndex);
  return { row, question };
}

/** `GET /api/posts/{postId}/resolutions`: teachers' first, then by votes. */
export async function listResolutions(
  ctx: AppContext,
  viewer: SessionUser,
  postId: string,
  questionIndex = 0,
): Promise<Resolution[]> {
  const { db } = ctx.database;
  await questionFor(db, viewer, postId, questionIndex);
  return presented(ctx, viewer, await listResolutionRows(db, viewer.id, postId, questionIndex));
}

/** `POST /api/posts/{postId}/resolutions`: the question's author and those who answered wrong are told. */
export async function createResolution(
  ctx: AppContext,
  viewer: SessionUser,
  postId: string,
  input: CreateResolutionInput,
): Promise<Resolution> {
  const questionIndex = input.questionIndex ?? 0;
  const question = await questionFor(ctx.database.db, viewer, postId, questionIndex);
  await requireOwnImages(ctx, viewer, input.mediaUrls);
  const now = ctx.clock();
  const id = await ctx.events.transaction(async (tx) => {
    const resolution = await insertResolution(tx, {
      postId,
      questionIndex,
      authorId: viewer.id,
      content: input.content,
      mediaUrls: input.mediaUrls ?? [],
      createdAt: now,
      updatedAt: now,
    });
    await ctx.events.emit(tx, 'resolution.created', {
      resolutionId: resolution.id,
      postId,
      questionIndex,
      authorId: viewer.id,
      authorName: viewer.displayName,
      questionAuthorId: question.authorId,
    });
    return resolution.id;
  });
  return presentedOne(ctx, viewer, id);
}

/** `PATCH /api/resolutions/{id}`: its author only. */
export async function updateResolution(
  ctx: AppContext,
  viewer: SessionUser,
  id: string,
  input: UpdateResolutionInput,
): Promise<Resolution> {
  const { row } = await resolutionFor(ctx.database.db, viewer, id);
  if (row.resolution.authorId !== viewer.id) throw forbidden(M.notYourResolution);
  await requireOwnImages(ctx, viewer, input.mediaUrls);
  await ctx.database.db.transaction((tx) => updateResolutionContent(tx, id, input, ctx.clock()));
  return presentedOne(ctx, viewer, id);
}

/** `DELETE /api/resolutions/{id}`: its author only. */
export async function removeResolution(ctx: AppContext, viewer: SessionUser, id: string): Promise<void> {
  const { row } = await resolutionFor(ctx.database.db, viewer, id);
  if (row.resolution.authorId !== viewer.id) throw forbidden(M.notYourResolution);
  await ctx.database.db.transaction((tx) => deleteResolution(tx, id));
}

/** `POST /api/resolutions/{id}/vote`: 'útil', once per person, never on one's own. */
export async function voteResolution(ctx: AppContext, viewer: SessionUser, id: string): Promise<Resolution> {
  const { row } = await resolutionFor(ctx.database.db, viewer, id);
  if (row.resolution.authorId === viewer.id) throw forbidden(M.ownResolutionVote);
  const added = await ctx.database.db.transaction((tx) => insertVote(tx, id, viewer.id, ctx.clock()));
  if (!added) throw conflict(M.alreadyVoted);
  return presentedOne(ctx, viewer, id);
}

/** `DELETE /api/resolutions/{id}/vote`. */
export async function unvoteResolution(
  ctx: AppContext,
  viewer: SessionUser,
  id: string,
): Promise<Resolution> {
  await resolutionFor(ctx.database.db, viewer, id);
  const removed = await ctx.database.db.transaction((tx) => deleteVote(tx, id, viewer.id));
  if (!removed) throw conflict(M.notVoted);
  return presentedOne(ctx, viewer, id);
}

/** `POST /api/resolutions/{id}/accept`: the question's author or a teacher marks the best one. */
export async function acceptResolution(
  ctx: AppContext,
  viewer: SessionUser,
  id: string,
): Promise<Resolution> {
  const { question } = await resolutionFor(ctx.database.db, viewer, id);
  if (!mayAcceptResolution({ isQuestionAuthor: question.isQuestionAuthor, viewer }))
    throw forbidden(M.acceptForbidden);
  await ctx.database.db.transaction(async (tx) => {
    const locked = await lockResolution(tx, id);
    if (!locked) throw notFound(M.resolutionNotFound);
    if (!locked.accepted) await markAccepted(tx, locked);
  });
  return presentedOne(ctx, viewer, id);
}
