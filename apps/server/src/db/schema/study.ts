import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { posts } from './posts.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A finished stretch of study recorded by the timer; statistics are computed from these rows. */
export const studySessions = pgTable(
  'study_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    startedAt: instant('started_at').notNull(),
    endedAt: instant('ended_at').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    kind: text('kind', { enum: ['timer', 'pomodoro'] }).notNull(),
    /**
     * The focus block (issue 39) whose verified minutes this row records; null for the sessions the
     * timer recorded before it ran blocks (their time was never verified).
     */
    blockId: uuid('block_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('study_sessions_user_started_idx').on(table.userId, table.startedAt),
    uniqueIndex('study_sessions_block_idx').on(table.blockId),
    check('study_sessions_duration_range', sql`${table.durationSeconds} between 1 and 43200`),
  ],
);

/**
 * The question bank: one row per question of a question post (index 0) or of a quiz, written by a
 * trigger on `posts` (migration 0012) from the post's JSON, so every way a post is made fills it.
 * A deleted post takes its rows along; an edit
 * (allowed only while unanswered) rebuilds them (migration 0019). `search_text` is the statement and
 * topic folded (lower case, no accents) like lib/search-text.ts folds a query.
 */
export const questionItems = pgTable(
  'question_items',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    questionIndex: integer('question_index').notNull(),
    authorId: uuid('author_id').notNull(),
    studyGroupId: uuid('study_group_id'),
    subject: text('subject'),
    topic: text('topic'),
    /** The topic folded, for the exact (accent- and case-insensitive) topic filter. */
    topicKey: text('topic_key'),
    exam: text('exam'),
    year: integer('year'),
    correctAnswer: integer('correct_answer').notNull(),
    searchText: text('search_text').notNull(),
    /** First answers of everyone (post_answers), kept by a trigger: 'N respostas, 68% acertaram'. */
    answersCount: integer('answers_count').notNull().default(0),
    correctCount: integer('correct_count').notNull().default(0),
    /**
     * Issue 40: 'anulada' or 'desatualizada' by its author or an admin (features/study
     * question-reports.service.ts); the bank hides both unless asked for them.
     */
    status: text('status', { enum: ['ativa', 'anulada', 'desatualizada'] })
      .notNull()
      .default('ativa'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.questionIndex] }),
    index('question_items_recent_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.postId.desc().nullsFirst(),
      table.questionIndex.desc().nullsFirst(),
    ),
    index('question_items_subject_idx').on(
      table.subject,
      table.createdAt.desc().nullsFirst(),
      table.postId.desc().nullsFirst(),
      table.questionIndex.desc().nullsFirst(),
    ),
    // The bank's usual pair of filters, answered in order straight from the index.
    index('question_items_subject_exam_idx').on(
      table.subject,
      table.exam,
      table.createdAt.desc().nullsFirst(),
      table.postId.desc().nullsFirst(),
      table.questionIndex.desc().nullsFirst(),
    ),
    index('question_items_exam_idx').on(
      table.exam,
      table.createdAt.desc().nullsFirst(),
      table.postId.desc().nullsFirst(),
      table.questionIndex.desc().nullsFirst(),
    ),
    index('question_items_topic_idx').on(
      table.topicKey,
      table.createdAt.desc().nullsFirst(),
      table.postId.desc().nullsFirst(),
      table.questionIndex.desc().nullsFirst(),
    ),
    // Practice with a topic (issue 40) reads the topic's questions of one subject, nearest by share
    // (features/practice/practice.queries.ts `byTopic`): a topic's name may recur in every subject.
    index('question_items_subject_topic_idx').on(table.subject, table.topicKey),
    index('question_items_search_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // Adaptive practice (issue 40) walks a subject's questions (or all of them, 'Todas as matérias')
    // outward from a share correct, nearest first, instead of reading them all
    // (features/practice/practice.queries.ts).
    index('question_items_share_idx').on(
      table.subject,
      sql`(${table.correctCount}::float8 / nullif(${table.answersCount}, 0))`,
      table.postId,
      table.questionIndex,
    ),
    index('question_items_any_share_idx').on(
      sql`(${table.correctCount}::float8 / nullif(${table.answersCount}, 0))`,
      table.postId,
      table.questionIndex,
    ),
  ],
);

/**
 * The caderno de erros: a question a student got wrong (added once, however often or concurrently
 * they answer) or added by hand, and its FSRS card (ts-fsrs `Card`, recomputed from `review_logs`).
 */
export const notebookEntries = pgTable(
  'notebook_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    postId: uuid('post_id').notNull(),
    questionIndex: integer('question_index').notNull().default(0),
    reason: text('reason', { enum: ['wrong', 'manual'] }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: instant('created_at').notNull().defaultNow(),
    due: instant('due').notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs `State`: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint('state').notNull().default(0),
    lastReview: instant('last_review'),
  },
  (table) => [
    foreignKey({
      columns: [table.postId, table.questionIndex],
      foreignColumns: [questionItems.postId, questionItems.questionIndex],
      name: 'notebook_entries_question_fk',
    }).onDelete('cascade'),
    uniqueIndex('notebook_entries_user_question_key').on(table.userId, table.postId, table.questionIndex),
    index('notebook_entries_user_due_idx').on(table.userId, table.due, table.id),
    index('notebook_entries_user_created_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Each review a student sent, once per `client_id` (the device's UUID for it). A card is the
 * replay of its entry's reviews in `reviewed_at` order, so a queue synced late lands the same.
 * Kept when the entry is removed (entry_id null): the activity calendar still counts it.
 */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    entryId: uuid('entry_id').references((): AnyPgColumn => notebookEntries.id, { onDelete: 'set null' }),
    clientId: uuid('client_id').notNull(),
    /** ts-fsrs `Rating`: 1 again, 2 hard, 3 good, 4 easy. */
    rating: smallint('rating').notNull(),
    reviewedAt: instant('reviewed_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('review_logs_user_client_key').on(table.userId, table.clientId),
    index('review_logs_entry_idx').on(table.entryId, table.reviewedAt),
    index('review_logs_user_reviewed_idx').on(table.userId, table.reviewedAt),
    check('review_logs_rating_range', sql`${table.rating} between 1 and 4`),
  ],
);

/** The daily review reminder: opt-in, at a Brasília hour; `last_sent_day` makes it once a day. */
export const studyReminders = pgTable(
  'study_reminders',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    hour: smallint('hour').notNull(),
    lastSentDay: date('last_sent_day'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('study_reminders_hour_idx').on(table.hour).where(sql`${table.enabled}`),
    check('study_reminders_hour_range', sql`${table.hour} between 7 and 21`),
  ],
);

/**
 * 'Reportar erro na questão' (issue 40): a reader's report of a bank question, open until its author
 * or an admin corrects the key or marks the question (then `closed_at` and the `outcome` told).
 */
export const questionReports = pgTable(
  'question_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id').notNull(),
    questionIndex: integer('question_index').notNull().default(0),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', {
      enum: ['gabarito_errado', 'enunciado_com_erro', 'desatualizada', 'outro'],
    }).notNull(),
    text: text('text').notNull().default(''),
    createdAt: instant('created_at').notNull(),
    closedAt: instant('closed_at'),
    /** What closed it: 'key_corrected', 'anulada' or 'desatualizada'. */
    outcome: text('outcome', { enum: ['key_corrected', 'anulada', 'desatualizada'] }),
  },
  (table) => [
    foreignKey({
      columns: [table.postId, table.questionIndex],
      foreignColumns: [questionItems.postId, questionItems.questionIndex],
      name: 'question_reports_question_fk',
    }).onDelete('cascade'),
    index('question_reports_open_idx')
      .on(table.postId, table.questionIndex)
      .where(sql`${table.closedAt} is null`),
    index('question_reports_reporter_idx').on(table.reporterId, table.createdAt),
    check('question_reports_text_length', sql`char_length(${table.text}) <= 1000`),
  ],
);
