import type { BankQuery, BankQuestion } from '@estudai/contract';
import { type ImageViewer, imageViewer, questionImagesOf } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { StoredQuestion } from '../../db/schema/index.ts';
import { foldForSearch } from '../../lib/search-text.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { optionSharesOf } from '../posts/index.ts';
import { decodeBankCursor, encodeBankCursor } from './cursor.ts';
import { bankRowToQuestion } from './questions.present.ts';
import {
  type BankRow,
  countBankRows,
  findBankRow,
  findBankRows,
  listBankRows,
  type QuestionRef,
} from './questions.queries.ts';

export interface BankPage {
  data: BankQuestion[];
  hasMore: boolean;
  nextCursor: string | null;
  total?: number;
}

/**
 * `GET /api/questions`: every question the viewer may see, newest first by keyset, filtered by
 * subjects, topic, exams, difficulties, year, the viewer's status and a search over statement and
 * topic, combined; the first page says how many match.
 */
export async function listBankQuestions(
  ctx: AppContext,
  viewer: SessionUser,
  query: BankQuery,
): Promise<BankPage> {
  const after = query.cursor ? decodeBankCursor(ctx.config.dataDir, query.cursor) : undefined;
  const search = query.search ? foldForSearch(query.search) : '';
  const { db } = ctx.database;
  const [rows, total] = await Promise.all([
    listBankRows(db, viewer.id, query, search, after),
    // The count once, on the first page: later pages keep the figure the screen already shows.
    after ? undefined : countBankRows(db, viewer.id, query, search),
  ]);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: await toBankQuestions(
      db,
      { viewer: imageViewer(viewer, ctx.clock()), publicUrl: ctx.config.publicUrl },
      page,
    ),
    hasMore,
    nextCursor: hasMore && last ? encodeBankCursor(ctx.config.dataDir, last.item) : null,
    ...(total === undefined ? {} : { total }),
  };
}

/** Who the bank shows its questions to, as the image rule asks (issue 42's question images). */
interface BankViewer {
  viewer: ImageViewer;
  publicUrl: string;
}

/** One bank question as the bank shows it to the viewer, or null when they may not see it. */
export async function findBankQuestion(
  db: Tx,
  shownTo: BankViewer,
  ref: QuestionRef,
): Promise<BankQuestion | null> {
  if (!isUuid(ref.postId)) return null;
  const rows = await findBankRow(db, shownTo.viewer.id, ref);
  const [question] = await toBankQuestions(db, shownTo, rows);
  return question ?? null;
}

/**
 * Rows as the bank shows them, with 'what others chose' (issue 40) on those the viewer may see the
 * figures of (answered, or their own), in one read for the page.
 */
async function toBankQuestions(db: Tx, shownTo: BankViewer, rows: BankRow[]): Promise<BankQuestion[]> {
  const images = await questionImagesOf(
    db,
    shownTo.publicUrl,
    shownTo.viewer,
    rows.map((row) => row.question),
  );
  const questions = rows.map((row) => bankRowToQuestion(row, shownTo.viewer.id, images));
  const revealed = questions.filter((question) => question.community !== undefined);
  const shares = await optionSharesOf(
    db,
    revealed.map((question) => ({
      postId: question.postId,
      questionIndex: question.questionIndex,
      optionCount: question.questionData.options.length,
    })),
  );
  return questions.map((question) =>
    question.community === undefined
      ? question
      : { ...question, optionShares: shares.get(`${question.postId}:${question.questionIndex}`) ?? null },
  );
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
  const rows = await findBankRows(db, viewerId, valid);
  return rows.map((row) => ({
    postId: row.item.postId,
    questionIndex: row.item.questionIndex,
    postType: row.postType === 'question_set' ? 'question_set' : 'question',
    question: row.question,
    authorId: row.item.authorId,
    viewerAnswered: row.viewerOption !== null,
  }));
}
