import {
  type AnswerInput,
  type AnswerResult,
  ErrorCode,
  POST_MESSAGES,
  type Post,
  type QuizAttemptResult,
  SIMULADO_MESSAGES,
  STUDY_LOOP_MESSAGES,
} from '@estudai/contract';
import { imageViewer, isInOpenSimuladoOn } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { StoredQuestion } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import {
  countPollVote,
  insertAnswer,
  insertFirstAnswers,
  insertPollVote,
  insertQuizAttempt,
} from './answers.queries.ts';
import { optionSharesOf } from './option-shares.ts';
import { scoreQuiz, toPost } from './posts.present.ts';
import { findActionablePost, findPostRow } from './posts.queries.ts';
import { rethrowMissing } from './posts.service.ts';

const ANSWER_MESSAGES = {
  notQuestion: 'Este post não é uma questão.',
  notPoll: 'Este post não é uma enquete.',
  notQuiz: 'Este post não é um quiz.',
} as const;

async function postOfType<T extends 'question' | 'poll' | 'question_set'>(
  ctx: AppContext,
  viewer: SessionUser,
  postId: string,
  type: T,
  wrongType: string,
) {
  const post = await findActionablePost(ctx.database.db, viewer.id, postId);
  if (!post) throw notFound(POST_MESSAGES.notFound);
  if (post.type !== type) throw badRequest(wrongType);
  return post;
}

/** Its author knows the key: their answer would only inflate their statistics (issue 36). */
function refuseOwnQuestion(viewer: SessionUser, post: { authorId: string }): void {
  if (post.authorId === viewer.id) throw forbidden(POST_MESSAGES.ownQuestion, ErrorCode.ownQuestion);
}

/** The question answered: a question post's, or one of a quiz's by its index (the question bank). */
async function questionToAnswer(
  ctx: AppContext,
  viewer: SessionUser,
  postId: string,
  questionIndex?: number,
) {
  const post = await findActionablePost(ctx.database.db, viewer.id, postId);
  if (!post) throw notFound(POST_MESSAGES.notFound);
  let question: StoredQuestion | undefined;
  if (post.type === 'question') {
    if (questionIndex !== undefined && questionIndex !== 0)
      throw badRequest(STUDY_LOOP_MESSAGES.questionIndexInvalid);
    question = post.questionData ?? undefined;
  } else if (post.type === 'question_set') {
    if (questionIndex === undefined) throw badRequest(STUDY_LOOP_MESSAGES.questionIndexRequired);
    question = post.questionSetData?.questions[questionIndex];
    if (!question) throw badRequest(STUDY_LOOP_MESSAGES.questionIndexInvalid);
  } else {
    throw badRequest(ANSWER_MESSAGES.notQuestion);
  }
  if (!question) throw badRequest(ANSWER_MESSAGES.notQuestion);
  return { post, question, questionIndex: questionIndex ?? 0 };
}

/**
 * Answering here reveals the key: not while the viewer has a simulado running with this question
 * (any question of the post when `questionIndex` is left out).
 */
async function refuseDuringSimulado(
  ctx: AppContext,
  viewer: SessionUser,
  postId: string,
  questionIndex?: number,
): Promise<void> {
  if (await isInOpenSimuladoOn(ctx.database.db, viewer.id, postId, questionIndex, ctx.clock()))
    throw conflict(SIMULADO_MESSAGES.questionInOpenAttempt);
}

/**
 * One answer per user and question, kept for their accuracy; the reply reveals the key. A quiz's
 * question may be answered on its own (`questionIndex`), as the bank does, unless an attempt at the
 * quiz already answered it. A wrong answer puts the question in the caderno, in the same transaction.
 */
export async function answerQuestion(
  ctx: AppContext,
  viewer: SessionUser,
  postId: string,
  input: AnswerInput,
): Promise<AnswerResult> {
  const { optionIndex } = input;
  const { post, question, questionIndex } = await questionToAnswer(ctx, viewer, postId, input.questionIndex);
  refuseOwnQuestion(viewer, post);
  if (optionIndex >= question.options.length) throw badRequest(POST_MESSAGES.optionMissing);
  await refuseDuringSimulado(ctx, viewer, post.id, questionIndex);
  const isCorrect = optionIndex === question.correctAnswer;
  const now = ctx.clock();
  const inserted = await ctx.events
    .transaction(async (tx) => {
      const rows = await insertAnswer(tx, {
        postId: post.id,
        userId: viewer.id,
        questionIndex,
        optionIndex,
        isCorrect,
        createdAt: now,
      });
      if (rows.length)
        await ctx.events.emit(tx, 'question.answered', {
          userId: viewer.id,
          answers: [{ postId: post.id, questionIndex, isCorrect }],
          at: now.toISOString(),
          source: 'question',
        });
      return rows;
    })
    .catch((error: unknown) => rethrowMissing(error));
  if (!inserted.length) throw conflict(POST_MESSAGES.alreadyAnswered);
  ctx.bus.publish('post.answered', { postIds: [post.id], userId: viewer.id });
  const shares = await optionSharesOf(ctx.database.db, [
    { postId: post.id, questionIndex, optionCount: question.options.length },
  ]);
  return {
    ...(post.type === 'question_set' ? { questionIndex } : {}),
    optionIndex,
    isCorrect,
    correctAnswer: question.correctAnswer,
    ...(question.explanation ? { explanation: question.explanation } : {}),
    optionShares: shares.get(`${post.id}:${questionIndex}`) ?? null,
  };
}

/**
 * One vote per user and poll, refused once the poll closed. The vote row and the option's
 * counter move in one transaction, so ten clicks at once count once.
 */
export async function votePoll(
  ctx: AppContext,
  viewer: SessionUser,
  postId: string,
  optionIndex: number,
): Promise<Post> {
  const post = await postOfType(ctx, viewer, postId, 'poll', ANSWER_MESSAGES.notPoll);
  const poll = post.pollData;
  if (!poll || optionIndex >= poll.options.length) throw badRequest(POST_MESSAGES.optionMissing);
  if (poll.expiresAt && ctx.clock().getTime() >= new Date(poll.expiresAt).getTime()) {
    throw conflict(POST_MESSAGES.pollClosed);
  }
  try {
    const voted = await ctx.database.db.transaction(async (tx) => {
      const inserted = await insertPollVote(tx, { postId: post.id, userId: viewer.id, optionIndex });
      if (!inserted.length) throw conflict(POST_MESSAGES.alreadyVoted);
      await countPollVote(tx, post.id, optionIndex);
      const row = await findPostRow(tx, viewer.id, post.id);
      if (!row) throw notFound(POST_MESSAGES.notFound);
      return toPost(row, imageViewer(viewer, ctx.clock()));
    });
    ctx.bus.publish('post.voted', { postId: post.id, userId: viewer.id });
    return voted;
  } catch (error) {
    rethrowMissing(error);
  }
}

/**
 * Stores a finished quiz (one answer per question) and answers its score and review. Questions not
 * answered before become the user's first answers (for the bank), and each wrong one goes to the
 * caderno, all in one transaction: ten attempts at once still add each question once.
 */
export async function attemptQuiz(
  ctx: AppContext,
  viewer: SessionUser,
  postId: string,
  answers: number[],
): Promise<QuizAttemptResult> {
  const post = await postOfType(ctx, viewer, postId, 'question_set', ANSWER_MESSAGES.notQuiz);
  refuseOwnQuestion(viewer, post);
  const questions = post.questionSetData?.questions ?? [];
  if (answers.length !== questions.length) throw badRequest(POST_MESSAGES.quizAnswerAll);
  if (answers.some((answer, index) => answer >= (questions[index]?.options.length ?? 0)))
    throw badRequest(POST_MESSAGES.optionMissing);
  await refuseDuringSimulado(ctx, viewer, post.id);
  const result = scoreQuiz(questions, answers);
  const now = ctx.clock();
  await ctx.events
    .transaction(async (tx) => {
      await insertQuizAttempt(tx, {
        postId: post.id,
        userId: viewer.id,
        answers,
        score: result.score,
        total: result.total,
        createdAt: now,
      });
      const firstAnswers = result.review.map((item, questionIndex) => ({
        postId: post.id,
        userId: viewer.id,
        questionIndex,
        optionIndex: item.optionIndex,
        isCorrect: item.isCorrect,
        viaAttempt: true,
        createdAt: now,
      }));
      await insertFirstAnswers(tx, firstAnswers);
      await ctx.events.emit(tx, 'question.answered', {
        userId: viewer.id,
        answers: firstAnswers.map(({ questionIndex, isCorrect }) => ({
          postId: post.id,
          questionIndex,
          isCorrect,
        })),
        at: now.toISOString(),
        source: 'quiz',
      });
    })
    .catch((error: unknown) => rethrowMissing(error));
  ctx.bus.publish('post.answered', { postIds: [post.id], userId: viewer.id });
  return result;
}
