import type { BankQuery, BankQuestion } from '@estudai/contract';
import { and, desc, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { postAnswers, questionItems, type StoredQuestion } from '../../db/schema/index.ts';
import { foldForSearch } from '../../lib/search-text.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { decodeBankCursor, encodeBankCursor } from './cursor.ts';
import type { QuestionRef } from './notebook.service.ts';
import { bankRowToQuestion } from './questions.present.ts';
import { matchesSearch, questionVisibleTo, selectBankQuestions } from './questions.queries.ts';

export interface BankPage {
  data: BankQuestion[];
  hasMore: boolean;
  nextCursor: string | null;
}

const STATUS_FILTERS: Record<NonNullable<BankQuery['status']>, SQL> = {
  unanswered: isNull(postAnswers.optionIndex),
  wrong: eq(postAnswers.isCorrect, false),
  correct: eq(postAnswers.isCorrect, true),
};

/**
 * `GET /api/questions`: every question the viewer may see, newest first by keyset, filtered by
 * subject, topic, exam, year, the viewer's status and a search over statement and topic, combined.
 */
export async function listBankQuestions(
  ctx: AppContext,
  viewer: SessionUser,
  query: BankQuery,
): Promise<BankPage> {
  const after = query.cursor ? decodeBankCursor(ctx.config.dataDir, query.cursor) : undefined;
  const search = query.search ? foldForSearch(query.search) : '';
  const rows = await selectBankQuestions(ctx.database.db, viewer.id)
    .where(
      and(
        questionVisibleTo(viewer.id),
        query.subject ? eq(questionItems.subject, query.subject) : undefined,
        query.exam ? eq(questionItems.exam, query.exam) : undefined,
        query.year ? eq(questionItems.year, query.year) : undefined,
        query.topic ? sql`${questionItems.topicKey} = estudai_fold(${query.topic})` : undefined,
        query.status ? STATUS_FILTERS[query.status] : undefined,
        search ? matchesSearch(search) : undefined,
        after
          ? sql`(${questionItems.createdAt}, ${questionItems.postId}, ${questionItems.questionIndex})
              < (${after.createdAt.toISOString()}::timestamptz, ${after.postId}::uuid, ${after.questionIndex}::int)`
          : undefined,
      ),
    )
    .orderBy(desc(questionItems.createdAt), desc(questionItems.postId), desc(questionItems.questionIndex))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => bankRowToQuestion(row, viewer.id)),
    hasMore,
    nextCursor: hasMore && last ? encodeBankCursor(ctx.config.dataDir, last.item) : null,
  };
}

/** A bank question as another feature needs it: where it is from, its stored form, the viewer's tie to it. */
export interface VisibleQuestion {
  postId: string;
  questionIndex: number;
  postType: 'question' | 'question_set';
  question: StoredQuestion;
  authorId: string;
  /** The viewer answered it (so the bank shows them its key). */
  viewerAnswered: boolean;
}

const refsMatch = (refs: QuestionRef[]) =>
  sql`(${questionItems.postId}, ${questionItems.questionIndex}) in (${sql.join(
    refs.map((ref) => sql`(${ref.postId}::uuid, ${ref.questionIndex}::int)`),
    sql`, `,
  )})`;

/**
 * The questions among `refs` that the viewer may see in the bank (a simulado is made of these):
 * the others (another group's members-only questions, a suspended author's, unknown ids) are left out.
 */
export async function findVisibleQuestions(
  db: Tx,
  viewerId: string,
  refs: QuestionRef[],
): Promise<VisibleQuestion[]> {
  const valid = refs.filter((ref) => isUuid(ref.postId));
  if (valid.length === 0) return [];
  const rows = await selectBankQuestions(db, viewerId).where(
    and(questionVisibleTo(viewerId), refsMatch(valid)),
  );
  return rows.map((row) => ({
    postId: row.item.postId,
    questionIndex: row.item.questionIndex,
    postType: row.postType === 'question_set' ? 'question_set' : 'question',
    question: row.question,
    authorId: row.item.authorId,
    viewerAnswered: row.viewerOption !== null,
  }));
}

/** Which of `refs` are still in the bank (their post not deleted), as `postId:questionIndex` keys. */
export async function existingQuestionKeys(db: Tx, refs: QuestionRef[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = await db
    .select({ postId: questionItems.postId, questionIndex: questionItems.questionIndex })
    .from(questionItems)
    .where(refsMatch(refs));
  return new Set(rows.map((row) => `${row.postId}:${row.questionIndex}`));
}

/** Each question's first answers on the platform (question_items counters), by `postId:questionIndex`. */
export async function answerCounts(
  db: Tx,
  refs: QuestionRef[],
): Promise<Map<string, { answers: number; correct: number }>> {
  if (refs.length === 0) return new Map();
  const rows = await db
    .select({
      postId: questionItems.postId,
      questionIndex: questionItems.questionIndex,
      answers: questionItems.answersCount,
      correct: questionItems.correctCount,
    })
    .from(questionItems)
    .where(refsMatch(refs));
  return new Map(rows.map((row) => [`${row.postId}:${row.questionIndex}`, row]));
}

/** Questions with at least `minAnswers` first answers (the calibration's candidates), in a stable order. */
export function questionsAnsweredAtLeast(db: Tx, minAnswers: number) {
  return db
    .select({
      postId: questionItems.postId,
      questionIndex: questionItems.questionIndex,
      answers: questionItems.answersCount,
    })
    .from(questionItems)
    .where(gte(questionItems.answersCount, minAnswers))
    .orderBy(questionItems.postId, questionItems.questionIndex);
}
