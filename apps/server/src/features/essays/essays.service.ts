import {
  brasiliaDay,
  type CompetenciaScores,
  type createEssayInputSchema,
  type createEssayPromptInputSchema,
  ESSAY_ASSIGNMENT_HOURS,
  ESSAY_CALIBRATION_CONTROLS,
  ESSAY_COMPETENCIAS,
  ESSAY_CONTROL_EVERY,
  ESSAY_DEFAULT_INSTRUCTION,
  ESSAY_MESSAGES,
  ESSAY_RELIABILITY_MIN,
  ESSAY_RELIABILITY_WINDOW,
  ESSAY_REVIEWS_PER_SUBMISSION,
  ESSAY_TEXT_MAX,
  type EssayAssignment,
  type EssayDestination,
  type EssayDetail,
  EssayErrorCode,
  type EssayPrompt,
  type EssayQueueItem,
  type EssayQuota,
  type EssayReliability,
  type EssaySummary,
  type essayQuotaInputSchema,
  type essayReviewInputSchema,
  GROUP_CREATOR_TYPES,
  MEDIA_ERROR_CODES,
  scoresTotal,
  type updateEssayInputSchema,
} from '@estudai/contract';
import type { z } from 'zod';
import {
  allOwnUploads,
  authorIsMinorFor,
  essayGradableSql,
  essayGraderFacts,
  essayReadableBy,
  groupAccess,
  imageViewer,
  shownImagesOf,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { reliabilityOf, verdictOf } from './agreement.ts';
import {
  imageUrlsOf,
  type ShownImages,
  toAssignment,
  toDetail,
  toPrompt,
  toSummary,
} from './essays.present.ts';
import {
  type Cursor,
  completeReview,
  countAssignments,
  countCommunitySubmissions,
  countDoneControls,
  countGroupSubmissionsInMonth,
  countPeerCorrections,
  countPlacesTaken,
  doneCorrections,
  type EssayRow,
  findEssay,
  findOpenAssignment,
  findPrompt,
  findQuota,
  findReview,
  groupQueue,
  groupTeacherIds,
  holdWhenFull,
  insertEssay,
  insertPrompt,
  insertReview,
  lastControlCorrections,
  listAuthorEssays,
  listPrompts as listPromptRows,
  lockNextEssay,
  type PoolPart,
  type PromptWithAuthor,
  pickControl,
  poolScopes,
  type ReviewRow,
  setQuota,
  updateEssay as updateEssayRow,
} from './essays.queries.ts';

const M = ESSAY_MESSAGES;
const PAGE = 20;
const HOUR = 3_600_000;
const ZEROS: CompetenciaScores = { c1: 0, c2: 0, c3: 0, c4: 0, c5: 0 };

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

// ── Cursors ──

function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  const [ms, id] = cursor.split('_');
  const at = new Date(Number(ms));
  if (!id || !isUuid(id) || !/^\d+$/.test(ms ?? '') || Number.isNaN(at.getTime()))
    throw badRequest(M.cursorInvalid);
  return { at, id };
}

function pageOf<R extends { createdAt: Date; id: string }, T>(rows: R[], present: (row: R) => T): Page<T> {
  const hasMore = rows.length > PAGE;
  const shown = rows.slice(0, PAGE);
  const last = shown.at(-1);
  return {
    data: shown.map(present),
    hasMore,
    nextCursor: hasMore && last ? `${last.createdAt.getTime()}_${last.id}` : null,
  };
}

// ── Proposals ──

/** A proposal the viewer may read: everyone's, or one of a group they read; anything else 404. */
async function visiblePrompt(db: Tx, viewer: SessionUser, promptId: string): Promise<PromptWithAuthor> {
  const prompt = isUuid(promptId) ? await findPrompt(db, promptId) : null;
  if (!prompt) throw notFound(M.promptNotFound);
  if (prompt.groupId && viewer.userType !== 'admin') {
    const access = await groupAccess(db, prompt.groupId, viewer.id);
    if (!access.canAccess) throw notFound(M.promptNotFound);
  }
  return prompt;
}

/** The images of a reply as this viewer gets them (issue 43: no address of a sensitive one for a minor). */
function shownTo(ctx: AppContext, viewer: SessionUser, urls: string[]): Promise<ShownImages> {
  return shownImagesOf(ctx.database.db, ctx.config.publicUrl, imageViewer(viewer, ctx.clock()), urls);
}

/**
 * Issue 38: a page's photo or a motivating image is one the viewer sent through `POST /api/media`
 * as `essay_image` (read by the essays' rule at /media/essays/, and checked by the image check);
 * an outside address would let its owner log every reader's IP.
 */
async function requireOwnImages(ctx: AppContext, viewer: SessionUser, urls: string[]): Promise<void> {
  if (!(await allOwnUploads(ctx.database.db, ctx.config.publicUrl, viewer.id, urls, 'essay_image'))) {
    throw badRequest(M.imagesNotUploaded, MEDIA_ERROR_CODES.notUploaded);
  }
}

/** `POST /api/essay-prompts`: a professor, mentor, tutor or admin, to a group they teach or to everyone. */
export async function createPrompt(
  ctx: AppContext,
  viewer: SessionUser,
  input: z.output<typeof createEssayPromptInputSchema>,
): Promise<EssayPrompt> {
  if (!(GROUP_CREATOR_TYPES as readonly string[]).includes(viewer.userType))
    throw forbidden(M.promptForbidden);
  const { db } = ctx.database;
  const groupId = input.groupId ?? null;
  if (groupId) {
    if (!isUuid(groupId)) throw forbidden(M.promptGroupForbidden);
    const access = await groupAccess(db, groupId, viewer.id);
    if (!access.canManage && viewer.userType !== 'admin') throw forbidden(M.promptGroupForbidden);
  }
  await requireOwnImages(
    ctx,
    viewer,
    input.motivatingTexts.flatMap((item) => ('mediaId' in item ? [item.mediaId] : [])),
  );
  const row = await insertPrompt(db, {
    authorId: viewer.id,
    groupId,
    title: input.title,
    motivatingTexts: input.motivatingTexts.map((item) =>
      'text' in item ? { text: item.text } : { mediaUrl: item.mediaId },
    ),
    instruction: input.instruction || ESSAY_DEFAULT_INSTRUCTION,
    createdAt: ctx.clock(),
  });
  const prompt = { ...row, authorName: viewer.displayName };
  return toPrompt(prompt, await shownTo(ctx, viewer, imageUrlsOf([prompt])));
}

/** `GET /api/essay-prompts?groupId=&cursor=`: a group's (its readers), or everyone's and the viewer's groups'. */
export async function listPrompts(
  ctx: AppContext,
  viewer: SessionUser,
  query: { groupId?: string; cursor?: string },
): Promise<Page<EssayPrompt>> {
  const { db } = ctx.database;
  const cursor = decodeCursor(query.cursor);
  if (query.groupId) {
    const access = await groupAccess(db, query.groupId, viewer.id);
    if (!access.canAccess) throw forbidden(M.groupMembersOnly);
  }
  const filter = query.groupId ? { groupId: query.groupId } : { viewerId: viewer.id };
  const rows = await listPromptRows(db, filter, PAGE + 1, cursor);
  const shown = await shownTo(ctx, viewer, imageUrlsOf(rows));
  return pageOf(rows, (row) => toPrompt(row, shown));
}

export async function getPrompt(ctx: AppContext, viewer: SessionUser, id: string): Promise<EssayPrompt> {
  const prompt = await visiblePrompt(ctx.database.db, viewer, id);
  return toPrompt(prompt, await shownTo(ctx, viewer, imageUrlsOf([prompt])));
}

// ── Essays ──

/** The viewer's own essay (a draft or not); anyone else's is 404. */
async function ownEssay(db: Tx, viewer: SessionUser, id: string, lock = false): Promise<EssayRow> {
  const essay = isUuid(id) ? await findEssay(db, id, lock) : null;
  if (!essay || essay.authorId !== viewer.id) throw notFound(M.notFound);
  return essay;
}

async function detailOf(ctx: AppContext, essay: EssayRow, viewer: SessionUser): Promise<EssayDetail> {
  const { db } = ctx.database;
  const prompt = await findPrompt(db, essay.promptId);
  if (!prompt) throw notFound(M.notFound);
  const corrections = essay.status === 'done' ? await doneCorrections(db, essay.id) : [];
  const shown = await shownTo(ctx, viewer, imageUrlsOf([prompt], [essay]));
  return toDetail(essay, prompt, corrections, essay.authorId === viewer.id, shown);
}

/** `POST /api/essays`: a draft on a proposal the viewer may read. */
export async function createEssay(
  ctx: AppContext,
  viewer: SessionUser,
  input: z.output<typeof createEssayInputSchema>,
): Promise<EssayDetail> {
  const { db } = ctx.database;
  const prompt = await visiblePrompt(db, viewer, input.promptId);
  await requireOwnImages(ctx, viewer, input.mediaIds ?? []);
  const now = ctx.clock();
  const essay = await insertEssay(db, {
    authorId: viewer.id,
    promptId: prompt.id,
    text: input.text ?? '',
    mediaUrls: input.mediaIds ?? [],
    createdAt: now,
    updatedAt: now,
  });
  return toDetail(essay, prompt, [], true, await shownTo(ctx, viewer, imageUrlsOf([prompt], [essay])));
}

/** `PATCH /api/essays/{id}`: the author's draft only. */
export async function updateEssay(
  ctx: AppContext,
  viewer: SessionUser,
  id: string,
  input: z.output<typeof updateEssayInputSchema>,
): Promise<EssayDetail> {
  await requireOwnImages(ctx, viewer, input.mediaIds ?? []);
  const essay = await ctx.database.db.transaction(async (tx) => {
    const current = await ownEssay(tx, viewer, id, true);
    if (current.status !== 'draft') throw conflict(M.notDraft, EssayErrorCode.alreadySubmitted);
    return updateEssayRow(tx, current.id, {
      ...(input.text !== undefined ? { text: input.text } : {}),
      ...(input.mediaIds !== undefined ? { mediaUrls: input.mediaIds } : {}),
      updatedAt: ctx.clock(),
    });
  });
  return detailOf(ctx, essay, viewer);
}

/** How many corrections the person still owes before their next community submission. */
async function owedBy(db: Tx, userId: string): Promise<number> {
  const given = await countPeerCorrections(db, userId);
  const submitted = await countCommunitySubmissions(db, userId);
  return Math.max(0, ESSAY_REVIEWS_PER_SUBMISSION * (submitted + 1) - given);
}

/**
 * `POST /api/essays/{id}/submit`: to the prompt's group (its teachers; members only) or to the
 * community ('corrija 2, receba 2' first). Not empty, at most 4,000 characters, once.
 */
export async function submitEssay(
  ctx: AppContext,
  viewer: SessionUser,
  id: string,
  destination: EssayDestination,
): Promise<{ status: 'submitted' }> {
  const now = ctx.clock();
  await ctx.events.transaction(async (tx) => {
    const essay = await ownEssay(tx, viewer, id, true);
    if (essay.status !== 'draft') throw conflict(M.alreadySubmitted, EssayErrorCode.alreadySubmitted);
    if (essay.text.trim().length === 0 && essay.mediaUrls.length === 0) throw badRequest(M.empty);
    if (essay.text.length > ESSAY_TEXT_MAX) throw badRequest(M.tooLong);
    const prompt = await findPrompt(tx, essay.promptId);
    if (!prompt) throw notFound(M.promptNotFound);
    if (destination === 'group') {
      if (!prompt.groupId) throw badRequest(M.noGroup);
      const access = await groupAccess(tx, prompt.groupId, viewer.id, now);
      if (!access.canAccess) throw forbidden(M.groupMembersOnly);
      const teacherIds = (await groupTeacherIds(tx, prompt.groupId)).filter(
        (teacher) => teacher !== viewer.id,
      );
      if (teacherIds.length === 0) throw forbidden(M.groupMembersOnly);
      // A paid group's monthly quota, for its members (its teachers' own essays are not counted).
      const quota =
        access.group.isPaid && !access.canManage ? await findQuota(tx, prompt.groupId, true) : null;
      if (quota) {
        const used = await countGroupSubmissionsInMonth(tx, viewer.id, prompt.groupId, now);
        if (used >= quota.monthlyQuota)
          throw conflict(M.quotaExceeded(quota.monthlyQuota), EssayErrorCode.quotaExceeded);
      }
      await updateEssayRow(tx, essay.id, {
        status: 'submitted',
        destination,
        groupId: prompt.groupId,
        authorIsMinor: authorIsMinorFor(viewer, now),
        reviewsNeeded: teacherIds.length === 1 ? 1 : 2,
        submittedAt: now,
        updatedAt: now,
      });
      await ctx.events.emit(tx, 'essay.reviewRequested', {
        essayId: essay.id,
        promptTitle: prompt.title,
        teacherIds,
      });
      return;
    }
    const owed = await owedBy(tx, viewer.id);
    if (owed > 0) throw conflict(M.reviewsOwed(owed), EssayErrorCode.reviewsOwed);
    await updateEssayRow(tx, essay.id, {
      status: 'submitted',
      destination,
      authorIsMinor: authorIsMinorFor(viewer, now),
      reviewsNeeded: 2,
      submittedAt: now,
      updatedAt: now,
    });
  });
  return { status: 'submitted' };
}

/** `GET /api/essays?cursor=`: the viewer's essays, newest first. */
export async function listEssays(
  ctx: AppContext,
  viewer: SessionUser,
  query: { cursor?: string },
): Promise<Page<EssaySummary>> {
  const rows = await listAuthorEssays(ctx.database.db, viewer.id, PAGE + 1, decodeCursor(query.cursor));
  const page = pageOf(
    rows.map((row) => ({ ...row, id: row.essay.id, createdAt: row.essay.createdAt })),
    (row) => toSummary(row.essay, row.prompt),
  );
  return page;
}

/** `GET /api/essays/{id}`: the author, the group's teachers (a group submission) and admins; else 404. */
export async function getEssay(ctx: AppContext, viewer: SessionUser, id: string): Promise<EssayDetail> {
  const { db } = ctx.database;
  const essay = isUuid(id) ? await findEssay(db, id) : null;
  if (!essay) throw notFound(M.notFound);
  const isGroupTeacher = essay.groupId
    ? (await groupTeacherIds(db, essay.groupId)).includes(viewer.id)
    : false;
  const readable = essayReadableBy({
    isAuthor: essay.authorId === viewer.id,
    isGroupTeacher,
    isAdmin: viewer.userType === 'admin',
  });
  if (!readable) throw notFound(M.notFound);
  return detailOf(ctx, essay, viewer);
}

// ── Assignments and corrections ──

interface GraderStanding {
  trusted: boolean;
  controls: number;
  overall: number | null;
  eligible: boolean;
}

/** Verified teachers are trusted; a peer is eligible after 3 controls with a mean kappa of 0.6 or more. */
async function standingOf(db: Tx, viewer: SessionUser, now: Date): Promise<GraderStanding> {
  const trusted = essayGraderFacts(viewer, now).graderIsVerifiedTeacher;
  const controls = await countDoneControls(db, viewer.id);
  const rows = await lastControlCorrections(db, viewer.id, ESSAY_RELIABILITY_WINDOW);
  const { overall } = reliabilityOf(
    rows.map((row) => ({ scores: row.scores ?? ZEROS, reference: row.reference ?? ZEROS })),
  );
  const calibrated = controls >= ESSAY_CALIBRATION_CONTROLS && (overall ?? 0) >= ESSAY_RELIABILITY_MIN;
  return { trusted, controls, overall, eligible: trusted || calibrated };
}

/** Takes the first essay of the scope that still has a place, holding its row; null when none. */
async function takeFromPool(tx: Tx, viewer: SessionUser, now: Date, scope: PoolPart[]) {
  const skip: string[] = [];
  for (let tries = 0; tries < 10; tries++) {
    const essay = await lockNextEssay(tx, { graderId: viewer.id, now, scope, skip });
    if (!essay) return null;
    // A new statement: sees every assignment committed before the lock was ours.
    if ((await countPlacesTaken(tx, essay.id, now)) < essay.reviewsNeeded) return essay;
    skip.push(essay.id);
  }
  return null;
}

/**
 * `POST /api/essay-reviews/next`: the viewer's open assignment, or a new one — a group's essay for
 * its teachers (`groupId`); else the community's, a control when calibration or the one-in-ten rule
 * asks for it (and whenever no essay waits), the banca's for the prompt's author or an admin.
 * Null when nothing waits for this grader (204).
 */
export async function nextReview(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string | undefined,
): Promise<EssayAssignment | null> {
  const now = ctx.clock();
  const { db } = ctx.database;
  if (groupId) {
    const access = await groupAccess(db, groupId, viewer.id);
    if (!access.canManage) throw forbidden(M.groupQueueForbidden);
  }
  const result = await ctx.events.transaction(async (tx) => {
    const open = await findOpenAssignment(tx, viewer.id, groupId ?? null, now);
    if (open) {
      const essay = await findEssay(tx, open.essayId);
      return essay ? { review: open, essay } : null;
    }
    let essay: EssayRow | null = null;
    let kind: 'regular' | 'control' = 'regular';
    if (groupId) {
      essay = await takeFromPool(tx, viewer, now, poolScopes.group(groupId));
    } else {
      const facts = essayGraderFacts(viewer, now);
      // A verified teacher is trusted: no calibration to read. Otherwise the first 3 are controls,
      // under 0.6 only controls, and one in ten after that.
      const standing = facts.graderIsVerifiedTeacher ? null : await standingOf(tx, viewer, now);
      const eligible = standing?.eligible ?? true;
      const wantsControl =
        standing !== null &&
        (!eligible || ((await countAssignments(tx, viewer.id)).all + 1) % ESSAY_CONTROL_EVERY === 0);
      const gradable = essayGradableSql(facts);
      if (wantsControl) {
        essay = await pickControl(tx, viewer.id, gradable);
        if (essay) kind = 'control';
      }
      if (!essay && eligible) {
        const scope = poolScopes.communityAndBanca(gradable, viewer.id, viewer.userType === 'admin');
        essay = await takeFromPool(tx, viewer, now, scope);
      }
      if (!essay && !wantsControl) {
        essay = await pickControl(tx, viewer.id, gradable);
        if (essay) kind = 'control';
      }
    }
    if (!essay) return null;
    const review = await insertReview(tx, {
      essayId: essay.id,
      graderId: viewer.id,
      kind,
      assignedAt: now,
      expiresAt: new Date(now.getTime() + ESSAY_ASSIGNMENT_HOURS * HOUR),
    });
    if (kind === 'regular') await holdWhenFull(tx, essay.id, now);
    return { review, essay };
  });
  if (!result) return null;
  const prompt = await findPrompt(db, result.essay.promptId);
  if (!prompt) return null;
  const shown = await shownTo(ctx, viewer, imageUrlsOf([prompt], [result.essay]));
  return toAssignment(result.review, result.essay, prompt, shown);
}

/** A correction's competência scores (a zero with a reason counts as five zeros). */
const scoresOf = (review: ReviewRow): CompetenciaScores => review.scores ?? ZEROS;

/**
 * After a correction of the protocol: a final score, a third, the banca, or more waiting. A group
 * without a teacher left to ask (two teachers disagreeing, or the banca) takes its owner's correction.
 */
async function decide(ctx: AppContext, tx: Tx, essay: EssayRow, now: Date): Promise<void> {
  const corrections = await doneCorrections(tx, essay.id);
  if (corrections.length < essay.reviewsNeeded) return;
  const prompt = await findPrompt(tx, essay.promptId);
  if (!prompt) return;
  let verdict = verdictOf(corrections.map(scoresOf));
  if (verdict.kind !== 'final' && essay.groupId) {
    const teachers = await groupTeacherIds(tx, essay.groupId);
    const ownerCorrection = corrections.find((review) => review.graderId === teachers[0]);
    const noneLeft =
      teachers.filter((teacher) => !corrections.some((c) => c.graderId === teacher)).length === 0;
    if (ownerCorrection && (noneLeft || verdict.kind === 'banca')) {
      const score = scoresOf(ownerCorrection);
      verdict = { kind: 'final', score: { ...score, total: scoresTotal(score) } };
    }
  }
  if (verdict.kind === 'third') {
    await updateEssayRow(tx, essay.id, {
      status: 'third_review',
      reviewsNeeded: 3,
      heldUntil: null,
      updatedAt: now,
    });
    return;
  }
  if (verdict.kind === 'banca') {
    await updateEssayRow(tx, essay.id, {
      status: 'banca',
      reviewsNeeded: 4,
      heldUntil: null,
      updatedAt: now,
    });
    await ctx.events.emit(tx, 'essay.reviewRequested', {
      essayId: essay.id,
      promptTitle: prompt.title,
      teacherIds: [prompt.authorId],
    });
    return;
  }
  await updateEssayRow(tx, essay.id, {
    status: 'done',
    finalScore: verdict.score,
    correctedAt: now,
    updatedAt: now,
  });
  await ctx.events.emit(tx, 'essay.corrected', {
    essayId: essay.id,
    authorId: essay.authorId,
    promptTitle: prompt.title,
    total: verdict.score.total,
  });
}

/** `POST /api/essay-reviews/{id}`: the grader's correction of their open, unexpired assignment. */
export async function sendReview(
  ctx: AppContext,
  viewer: SessionUser,
  reviewId: string,
  input: z.output<typeof essayReviewInputSchema>,
): Promise<{ id: string; status: 'done' }> {
  if (input.scores === null && input.zeroReason === null) throw badRequest(M.zeroWithoutReason);
  if (input.scores !== null && input.zeroReason !== null) throw badRequest(M.zeroWithScores);
  const now = ctx.clock();
  await ctx.events.transaction(async (tx) => {
    const review = isUuid(reviewId) ? await findReview(tx, reviewId, true) : null;
    if (!review) throw notFound(M.reviewNotFound);
    const essay = await findEssay(tx, review.essayId, true);
    if (!essay) throw notFound(M.reviewNotFound);
    if (essay.authorId === viewer.id) throw forbidden(M.reviewOwnEssay);
    if (review.graderId !== viewer.id) throw forbidden(M.reviewNotAssigned);
    if (review.status === 'done') throw conflict(M.reviewDone, EssayErrorCode.alreadySubmitted);
    if (review.expiresAt <= now) throw new AppError(409, EssayErrorCode.assignmentExpired, M.reviewExpired);
    for (const comment of input.comments) {
      if (comment.start >= comment.end || comment.end > essay.text.length) throw badRequest(M.commentRange);
    }
    const scores = input.scores;
    const position = review.kind === 'regular' ? (await doneCorrections(tx, essay.id)).length + 1 : null;
    await completeReview(tx, review.id, {
      status: 'done',
      scores,
      zeroReason: input.zeroReason,
      total: scores ? scoresTotal(scores) : 0,
      comments: input.comments,
      generalComment: input.generalComment ?? '',
      position,
      doneAt: now,
    });
    if (review.kind === 'regular') await decide(ctx, tx, essay, now);
  });
  return { id: reviewId, status: 'done' };
}

/** `GET /api/essay-reviews/reliability`: the viewer's agreement with the references, and what they owe. */
export async function reliability(ctx: AppContext, viewer: SessionUser): Promise<EssayReliability> {
  const { db } = ctx.database;
  const now = ctx.clock();
  const rows = await lastControlCorrections(db, viewer.id, ESSAY_RELIABILITY_WINDOW);
  const result = reliabilityOf(
    rows.map((row) => ({ scores: row.scores ?? ZEROS, reference: row.reference ?? ZEROS })),
  );
  const standing = await standingOf(db, viewer, now);
  const round = (scores: CompetenciaScores | null) =>
    scores
      ? (Object.fromEntries(
          ESSAY_COMPETENCIAS.map((key) => [key, Math.round(scores[key] * 1e6) / 1e6]),
        ) as CompetenciaScores)
      : null;
  return {
    controls: standing.controls,
    qwk: round(result.qwk),
    meanDeviation: round(result.meanDeviation),
    eligible: standing.eligible,
    owed: await owedBy(db, viewer.id),
  };
}

/**
 * `POST /api/essays/{id}/control`: a teacher of the group marks one of its corrected essays as a
 * control, their own correction its reference. It stays anonymous, and a minor's only reaches
 * minors and verified teachers, as any essay.
 */
export async function markControl(ctx: AppContext, viewer: SessionUser, id: string): Promise<EssayDetail> {
  const essay = await ctx.database.db.transaction(async (tx) => {
    const row = isUuid(id) ? await findEssay(tx, id, true) : null;
    if (!row) throw notFound(M.notFound);
    const teachers = row.groupId ? await groupTeacherIds(tx, row.groupId) : [];
    if (!teachers.includes(viewer.id)) {
      if (row.authorId === viewer.id) throw forbidden(M.controlForbidden);
      throw notFound(M.notFound);
    }
    if (row.controlScores) throw conflict(M.controlAlready);
    if (row.status !== 'done') throw conflict(M.controlNotDone);
    const own = (await doneCorrections(tx, row.id)).find((review) => review.graderId === viewer.id);
    if (!own) throw conflict(M.controlNoCorrection);
    return updateEssayRow(tx, row.id, { controlScores: scoresOf(own), updatedAt: ctx.clock() });
  });
  return detailOf(ctx, essay, viewer);
}

/** `GET /api/essay-reviews/queue?groupId=`: the group's essays waiting, oldest first, for its teachers. */
export async function teacherQueue(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
): Promise<EssayQueueItem[]> {
  const { db } = ctx.database;
  const access = await groupAccess(db, groupId, viewer.id);
  if (!access.canManage) throw forbidden(M.groupQueueForbidden);
  const now = ctx.clock().getTime();
  return (await groupQueue(db, groupId)).map(({ essay, promptTitle }) => ({
    essayId: essay.id,
    promptTitle,
    status: essay.status,
    submittedAt: (essay.submittedAt ?? essay.createdAt).toISOString(),
    waitingHours: Math.floor((now - (essay.submittedAt ?? essay.createdAt).getTime()) / HOUR),
  }));
}

// ── A paid group's monthly quota ('4 correções por mês') ──

/**
 * `GET /api/study-groups/{id}/essay-quota`: the group's quota (null when none, or the group is not
 * paid) and the viewer's essays sent to it this Brasília month. Its members and teachers; else 403.
 */
export async function getQuota(ctx: AppContext, viewer: SessionUser, groupId: string): Promise<EssayQuota> {
  const { db } = ctx.database;
  const now = ctx.clock();
  const access = await groupAccess(db, groupId, viewer.id, now);
  if (!access.canAccess) throw forbidden(M.groupMembersOnly);
  const quota = access.group.isPaid ? await findQuota(db, groupId) : null;
  return {
    monthlyQuota: quota?.monthlyQuota ?? null,
    usedThisMonth: await countGroupSubmissionsInMonth(db, viewer.id, groupId, now),
    month: brasiliaDay(now).slice(0, 7),
  };
}

/**
 * `PUT /api/study-groups/{id}/essay-quota {monthlyQuota}`: the owner sets (1–100) or lifts (null)
 * the corrections each member may ask the group's teachers for per month. Paid groups only (409).
 */
export async function updateQuota(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  input: z.output<typeof essayQuotaInputSchema>,
): Promise<EssayQuota> {
  const { db } = ctx.database;
  const now = ctx.clock();
  const access = await groupAccess(db, groupId, viewer.id, now);
  if (!access.isOwner) throw forbidden(M.quotaForbidden);
  if (!access.group.isPaid && input.monthlyQuota !== null)
    throw conflict(M.quotaPaidOnly, EssayErrorCode.quotaPaidOnly);
  await setQuota(db, groupId, input.monthlyQuota, now);
  return getQuota(ctx, viewer, groupId);
}
