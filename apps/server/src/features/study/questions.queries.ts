import type { BankQuery, QuestionDifficulty } from '@estudai/contract';
import { and, count, desc, eq, gte, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { authorShownTo, currentMembershipSql } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { runNamed } from '../../db/prepared.ts';
import {
  groupMemberships,
  notebookEntries,
  postAnswers,
  posts,
  questionCalibrations,
  questionItems,
  questionResolutions,
  type StoredQuestion,
  studyGroups,
  users,
} from '../../db/schema/index.ts';
import { likePattern } from '../../lib/search-text.ts';

// The question bank's rows: one question (a question post's, or one of a quiz's) with its author,
// the viewer's first answer and the viewer's caderno entry, in one round trip.

/** A question of the bank: a question post's (index 0), or one of a quiz's by its index. */
export interface QuestionRef {
  postId: string;
  questionIndex: number;
}

const viewerEntry = alias(notebookEntries, 'viewer_entry');

/**
 * How hard a question is (decision 052): its calibration's b when it has one (below −0.5 'facil',
 * above 0.5 'dificil'), else, once 5 people answered, the share right (70% or more 'facil', under 40%
 * 'dificil'), else null. One expression for the label and the filter.
 */
const difficulty = sql<QuestionDifficulty | null>`coalesce(
  (select case when ${questionCalibrations.b} < -0.5 then 'facil' when ${questionCalibrations.b} > 0.5 then 'dificil' else 'media' end
    from ${questionCalibrations}
    where ${questionCalibrations.postId} = ${questionItems.postId}
      and ${questionCalibrations.questionIndex} = ${questionItems.questionIndex}),
  case when ${questionItems.answersCount} >= 5 then
    case when ${questionItems.correctCount} >= 0.7 * ${questionItems.answersCount} then 'facil'
      when ${questionItems.correctCount} < 0.4 * ${questionItems.answersCount} then 'dificil'
      else 'media' end
  end)`;

function questionFields() {
  return {
    item: questionItems,
    postType: posts.type,
    quizTitle: sql<
      string | null
    >`case when ${posts.type} = 'question_set' then ${posts.questionSetData}->>'title' end`,
    question: sql<StoredQuestion>`case when ${posts.type} = 'question' then ${posts.questionData}
      else ${posts.questionSetData}->'questions'->${questionItems.questionIndex} end`,
    author: {
      id: users.id,
      displayName: users.displayName,
      username: users.username,
      avatar: users.avatar,
      userType: users.userType,
      isVerified: users.isVerified,
    },
    viewerOption: postAnswers.optionIndex,
    viewerCorrect: postAnswers.isCorrect,
    difficulty,
  };
}

/**
 * On the main feed, or in a group the viewer may read (owner or current member): members-only
 * group questions stay with the members, as the group's posts do (groups/group-access.service).
 * As the posts (issue 25): a hidden post's questions are gone, and a followers-only author's are for
 * their followers. The query must join `users` as the author.
 */
export function questionVisibleTo(viewerId: string): SQL {
  return sql`(((${questionItems.studyGroupId} is null and ${authorShownTo(viewerId, questionItems.authorId)})
    or ${questionItems.studyGroupId} in (
    select ${studyGroups.id} from ${studyGroups} where ${studyGroups.ownerId} = ${viewerId}
    union all
    select ${groupMemberships.studyGroupId} from ${groupMemberships}
    where ${groupMemberships.userId} = ${viewerId} and ${currentMembershipSql}))
    and not exists (select 1 from ${posts} where ${posts.id} = ${questionItems.postId} and ${posts.hiddenAt} is not null))`;
}

const answerOf = (viewerId: string) =>
  and(
    eq(postAnswers.postId, questionItems.postId),
    eq(postAnswers.questionIndex, questionItems.questionIndex),
    eq(postAnswers.userId, viewerId),
  );

/** Bank questions (with the viewer's entry id); callers add filters, visibility and order. */
function selectBankQuestions(db: Tx, viewerId: string) {
  return db
    .select({ ...questionFields(), notebookEntryId: viewerEntry.id })
    .from(questionItems)
    .innerJoin(posts, eq(posts.id, questionItems.postId))
    .innerJoin(users, liveAuthor)
    .leftJoin(postAnswers, answerOf(viewerId))
    .leftJoin(
      viewerEntry,
      and(
        eq(viewerEntry.userId, viewerId),
        eq(viewerEntry.postId, questionItems.postId),
        eq(viewerEntry.questionIndex, questionItems.questionIndex),
      ),
    )
    .$dynamic();
}
export type BankRow = Awaited<ReturnType<ReturnType<typeof selectBankQuestions>['execute']>>[number];

/** A caderno entry's question: how every read of the caderno joins them. */
export const entryQuestion = and(
  eq(questionItems.postId, notebookEntries.postId),
  eq(questionItems.questionIndex, notebookEntries.questionIndex),
);
/** The question's author, unless suspended (their questions leave the bank and the caderno). */
export const liveAuthor = and(eq(users.id, questionItems.authorId), isNull(users.suspendedAt));

/** The viewer's caderno entries with their questions; callers add filters, visibility and order. */
export function selectNotebookEntries(db: Tx, viewerId: string) {
  return db
    .select({ ...questionFields(), entry: notebookEntries })
    .from(notebookEntries)
    .innerJoin(questionItems, entryQuestion)
    .innerJoin(posts, eq(posts.id, questionItems.postId))
    .innerJoin(users, liveAuthor)
    .leftJoin(postAnswers, answerOf(viewerId))
    .$dynamic();
}
export type NotebookRow = Awaited<ReturnType<ReturnType<typeof selectNotebookEntries>['execute']>>[number];

/**
 * Questions whose statement or topic holds every word of the search, accents and case ignored:
 * each word is folded by the database like the stored text (migration 0012, `estudai_fold`) and
 * matched with LIKE, which the trigram index answers.
 */
function matchesSearch(folded: string): SQL | undefined {
  const words = [...new Set(folded.split(' ').filter(Boolean))].slice(0, 8);
  return and(
    ...words.map((word) => sql`${questionItems.searchText} like estudai_fold(${likePattern(word)})`),
  );
}

const STATUS_FILTERS: Record<NonNullable<BankQuery['status']>, SQL> = {
  unanswered: isNull(postAnswers.optionIndex),
  wrong: eq(postAnswers.isCorrect, false),
  correct: eq(postAnswers.isCorrect, true),
};

/** The bank's filters as one condition (the page's cursor apart). */
function bankFilters(viewerId: string, query: BankQuery, search: string): SQL | undefined {
  return and(
    questionVisibleTo(viewerId),
    query.subject ? inArray(questionItems.subject, query.subject) : undefined,
    query.exam ? inArray(questionItems.exam, query.exam) : undefined,
    query.difficulty ? sql`${difficulty} in ${query.difficulty}` : undefined,
    query.year ? eq(questionItems.year, query.year) : undefined,
    query.topic ? sql`${questionItems.topicKey} = estudai_fold(${query.topic})` : undefined,
    query.status ? STATUS_FILTERS[query.status] : undefined,
    // Anuladas and desatualizadas (issue 40) only when asked for.
    query.includeInactive ? undefined : eq(questionItems.status, 'ativa'),
    query.hasResolution
      ? sql`exists (select 1 from ${questionResolutions} where ${questionResolutions.postId} = ${questionItems.postId}
          and ${questionResolutions.questionIndex} = ${questionItems.questionIndex})`
      : undefined,
    search ? matchesSearch(search) : undefined,
  );
}

// The bank's page and count are named (issue 41): PostgreSQL planned the page for 2.9 ms and the
// count for 0.8 to run them in 0.7 and 0.3. Each combination of filters is a text of its own, so
// only the first texts of each are named (db/prepared.ts `runNamed`): a bound per connection.
const BANK_PAGES = { name: 'bank-pages', max: 32 };
const BANK_COUNTS = { name: 'bank-counts', max: 32 };

/**
 * One page of the bank for the viewer (and one row more: whether more remain), newest first by
 * keyset, filtered by subjects, topic, exams, difficulties, year, the viewer's status and a folded search.
 */
export function listBankRows(
  db: Tx,
  viewerId: string,
  query: BankQuery,
  search: string,
  after: { createdAt: Date; postId: string; questionIndex: number } | undefined,
) {
  return runNamed(
    selectBankQuestions(db, viewerId)
      .where(
        and(
          bankFilters(viewerId, query, search),
          after
            ? sql`(${questionItems.createdAt}, ${questionItems.postId}, ${questionItems.questionIndex})
              < (${after.createdAt.toISOString()}::timestamptz, ${after.postId}::uuid, ${after.questionIndex}::int)`
            : undefined,
        ),
      )
      .orderBy(desc(questionItems.createdAt), desc(questionItems.postId), desc(questionItems.questionIndex))
      .limit(query.limit + 1),
    BANK_PAGES,
  );
}

/** How many questions the filters match ('1.234 questões'), with the joins the filters need. */
export async function countBankRows(db: Tx, viewerId: string, query: BankQuery, search: string) {
  const [row] = await runNamed(
    db
      .select({ n: count() })
      .from(questionItems)
      .innerJoin(users, liveAuthor)
      .leftJoin(postAnswers, answerOf(viewerId))
      .where(bankFilters(viewerId, query, search)),
    BANK_COUNTS,
  );
  return row?.n ?? 0;
}

const refsMatch = (refs: QuestionRef[]) =>
  sql`(${questionItems.postId}, ${questionItems.questionIndex}) in (${sql.join(
    refs.map((ref) => sql`(${ref.postId}::uuid, ${ref.questionIndex}::int)`),
    sql`, `,
  )})`;

/** The bank rows of `refs` that the viewer may see. */
export function findBankRows(db: Tx, viewerId: string, refs: QuestionRef[]) {
  return selectBankQuestions(db, viewerId).where(and(questionVisibleTo(viewerId), refsMatch(refs)));
}

/**
 * The bank row of one question, if the viewer may see it, as a named prepared statement (its text is
 * the same for every question and viewer): planned once per connection. Its visibility rule took
 * 5–6 ms to plan against 0.7 ms to run, on every practice `next` and answer (bench:study, 2026-11-30:
 * 5.4–6.5 ms a read unnamed, 2.1–2.3 ms named).
 */
export function findBankRow(db: Tx, viewerId: string, ref: QuestionRef) {
  return runNamed(findBankRows(db, viewerId, [ref]));
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
