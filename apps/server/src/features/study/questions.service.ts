import type { BankQuery, BankQuestion } from '@estudai/contract';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { postAnswers, questionItems } from '../../db/schema/index.ts';
import { foldForSearch } from '../../lib/search-text.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { decodeBankCursor, encodeBankCursor } from './cursor.ts';
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
