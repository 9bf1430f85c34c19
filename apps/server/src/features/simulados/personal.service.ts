import {
  type BankQuery,
  type createPersonalSimuladoInputSchema,
  SIMULADO_MESSAGES,
  SIMULADO_PERSONAL_OPEN_DAYS,
  type SimuladoDetail,
  SimuladoErrorCode,
} from '@estudai/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { listBankQuestions } from '../study/index.ts';
import { mulberry32 } from './random.ts';
import { insertSimulado, replaceQuestions } from './simulados.queries.ts';
import { getSimulado, pickQuestions } from './simulados.service.ts';

// 'Monte seu simulado' (issue 36, decision 058): a student builds a simulado alone from the bank's
// filters. It has no group, no ranking and no organizer; only its creator sees and takes it, with the
// same attempt screen and result as a group's.

const M = SIMULADO_MESSAGES;
type CreatePersonal = z.output<typeof createPersonalSimuladoInputSchema>;
/** How many of the bank's matches are drawn from (pages of 50): enough to vary, few enough to be quick. */
const CANDIDATE_PAGES = 4;

/** `POST /api/simulados/personal`: published at once, open for 7 days, the questions drawn at random. */
export async function createPersonalSimulado(
  ctx: AppContext,
  viewer: SessionUser,
  input: CreatePersonal,
): Promise<SimuladoDetail> {
  const query: BankQuery = {
    limit: 50,
    ...(input.subjects.length > 0 ? { subject: input.subjects } : {}),
    ...(input.exams.length > 0 ? { exam: input.exams } : {}),
    ...(input.difficulties.length > 0 ? { difficulty: input.difficulties } : {}),
    ...(input.hideAnswered ? { status: 'unanswered' as const } : {}),
  };
  const candidates: { postId: string; questionIndex: number; postType: string }[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < CANDIDATE_PAGES; page++) {
    const found = await listBankQuestions(ctx, viewer, { ...query, ...(cursor ? { cursor } : {}) });
    // One's own questions are left out: the author cannot answer them (issue 36).
    for (const question of found.data)
      if (question.author.id !== viewer.id && question.questionStatus === 'ativa') candidates.push(question);
    if (!found.hasMore || !found.nextCursor) break;
    cursor = found.nextCursor;
  }
  if (candidates.length < input.questionCount)
    throw badRequest(M.personalTooFew(candidates.length), SimuladoErrorCode.personalTooFew);
  const now = ctx.clock();
  const random = mulberry32(now.getTime() % 2_147_483_647);
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
  }
  const refs = candidates.slice(0, input.questionCount).map((question) => ({
    postId: question.postId,
    questionIndex: question.postType === 'question_set' ? question.questionIndex : null,
  }));
  const questions = await pickQuestions(ctx.database.db, viewer, refs);
  const id = await ctx.database.db.transaction(async (tx) => {
    const row = await insertSimulado(tx, {
      studyGroupId: null,
      createdBy: viewer.id,
      title: M.personalTitle(input.questionCount),
      durationMinutes: input.durationMinutes,
      opensAt: now,
      closesAt: new Date(now.getTime() + SIMULADO_PERSONAL_OPEN_DAYS * 24 * 60 * 60_000),
      showRanking: false,
      status: 'published',
      publishedAt: now,
      // Nobody else to tell when it closes.
      resultsAnnouncedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw new Error('simulado not inserted');
    await replaceQuestions(tx, row.id, questions);
    return row.id;
  });
  return getSimulado(ctx, viewer, id);
}
