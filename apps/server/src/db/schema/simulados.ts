import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { studyGroups } from './groups.ts';
import type { StoredQuestion } from './posts.ts';
import { questionItems } from './study.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A timed exam of a study group (issue 20): a draft until published, then its questions are fixed. A
 * student's own ('Monte seu simulado', issue 36) has no group: only its creator sees and takes it.
 */
export const simulados = pgTable(
  'simulados',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studyGroupId: uuid('study_group_id').references(() => studyGroups.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    opensAt: instant('opens_at').notNull(),
    closesAt: instant('closes_at').notNull(),
    showRanking: boolean('show_ranking').notNull(),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: instant('published_at'),
    /** When its closing was announced (results out: issue 36), claimed once by the sweep. */
    resultsAnnouncedAt: instant('results_announced_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('simulados_group_idx').on(
      table.studyGroupId,
      table.opensAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // A student's own simulados ('Monte seu simulado'), their list the latest first.
    index('simulados_personal_idx')
      .on(table.createdBy, table.opensAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.studyGroupId} is null`),
    check('simulados_duration_range', sql`${table.durationMinutes} between 10 and 330`),
    check('simulados_window', sql`${table.closesAt} > ${table.opensAt}`),
  ],
);

/**
 * The questions of a simulado in order (`position` from 0), each a copy of the bank's question when
 * it was picked: the answer key stays with the simulado even if the post is deleted later.
 * `question_index` is the bank's (0 for a question post).
 */
export const simuladoQuestions = pgTable(
  'simulado_questions',
  {
    simuladoId: uuid('simulado_id')
      .notNull()
      .references(() => simulados.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    postId: uuid('post_id').notNull(),
    questionIndex: integer('question_index').notNull(),
    postType: text('post_type', { enum: ['question', 'question_set'] }).notNull(),
    question: jsonb('question').$type<StoredQuestion>().notNull(),
    correctAnswer: integer('correct_answer').notNull(),
    subject: text('subject'),
    topic: text('topic'),
  },
  (table) => [
    primaryKey({ columns: [table.simuladoId, table.position] }),
    uniqueIndex('simulado_questions_question_key').on(table.simuladoId, table.postId, table.questionIndex),
    index('simulado_questions_post_idx').on(table.postId, table.questionIndex),
  ],
);

/**
 * Each user's one attempt. The server's clock sets `started_at` and `ends_at` (the earlier of start +
 * duration and the window's close). It is over once submitted or once `ends_at` passed; `finalized_at`
 * marks that its answers went to the bank (post_answers) and the caderno, done once by whoever
 * claims it first (a read, the submit, or the periodic job).
 */
export const simuladoAttempts = pgTable(
  'simulado_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    simuladoId: uuid('simulado_id')
      .notNull()
      .references(() => simulados.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: instant('started_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    submittedAt: instant('submitted_at'),
    finalizedAt: instant('finalized_at'),
    /** Questions with a saved answer, for the organizer's live progress. */
    answeredCount: integer('answered_count').notNull().default(0),
    /** Typed by an organizer from the student's answer sheet (issue 42), not taken online. */
    onPaper: boolean('on_paper').notNull().default(false),
  },
  (table) => [
    uniqueIndex('simulado_attempts_simulado_user_key').on(table.simuladoId, table.userId),
    // 'N pessoas fazendo agora': not submitted and ends_at still ahead.
    index('simulado_attempts_live_idx')
      .on(table.simuladoId, table.endsAt)
      .where(sql`${table.submittedAt} is null`),
    index('simulado_attempts_unfinalized_idx').on(table.endsAt).where(sql`${table.finalizedAt} is null`),
    index('simulado_attempts_user_open_idx').on(table.userId).where(sql`${table.finalizedAt} is null`),
  ],
);

/** The stored answer of each question of an attempt: the latest choice by `answered_at` (decision 017). */
export const simuladoAnswers = pgTable(
  'simulado_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => simuladoAttempts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    optionIndex: smallint('option_index').notNull(),
    isCorrect: boolean('is_correct').notNull(),
    clientId: uuid('client_id').notNull(),
    answeredAt: instant('answered_at').notNull(),
    savedAt: instant('saved_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.attemptId, table.position] }),
    check('simulado_answers_option_range', sql`${table.optionIndex} between 0 and 4`),
  ],
);

/**
 * Every choice received, once per `client_id`: a choice sent again (a retry, an offline queue
 * replayed) is recognised here and changes nothing.
 */
export const simuladoAnswerLog = pgTable(
  'simulado_answer_log',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => simuladoAttempts.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    position: integer('position').notNull(),
    optionIndex: smallint('option_index').notNull(),
    answeredAt: instant('answered_at').notNull(),
    receivedAt: instant('received_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.attemptId, table.clientId] })],
);

/**
 * An answer sheet typed by an organizer for a student without an account (issue 42): shown in the
 * organizers' list of typed sheets, never in the ranking nor in the group's figures. `answers` holds
 * one option index (or null for a blank) per question, in order.
 */
export const simuladoPaperGuests = pgTable(
  'simulado_paper_guests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    simuladoId: uuid('simulado_id')
      .notNull()
      .references(() => simulados.id, { onDelete: 'cascade' }),
    guestName: text('guest_name').notNull(),
    answers: jsonb('answers').$type<(number | null)[]>().notNull(),
    enteredBy: uuid('entered_by').references(() => users.id, { onDelete: 'set null' }),
    enteredAt: instant('entered_at').notNull(),
  },
  (table) => [
    uniqueIndex('simulado_paper_guests_name_key').on(table.simuladoId, sql`lower(${table.guestName})`),
  ],
);

/**
 * 3PL parameters fitted from the platform's own answers (post_answers), for each question with at
 * least 200 answers of distinct users; written by the recalibration job (features/simulados).
 */
export const questionCalibrations = pgTable(
  'question_calibrations',
  {
    postId: uuid('post_id').notNull(),
    questionIndex: integer('question_index').notNull(),
    a: doublePrecision('a').notNull(),
    b: doublePrecision('b').notNull(),
    c: doublePrecision('c').notNull(),
    /** Answers the fit used. */
    responses: integer('responses').notNull(),
    calibratedAt: instant('calibrated_at').notNull(),
    /**
     * The question's subject, copied by a trigger (migration 0044) on every write, so that practice
     * walks one subject's items by difficulty (`question_calibrations_subject_b_idx`). A question's
     * subject changes only by rebuilding its bank rows, which takes this row along.
     */
    subject: text('subject'),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.questionIndex] }),
    index('question_calibrations_subject_b_idx').on(table.subject, table.b),
    index('question_calibrations_b_idx').on(table.b),
    foreignKey({
      columns: [table.postId, table.questionIndex],
      foreignColumns: [questionItems.postId, questionItems.questionIndex],
      name: 'question_calibrations_question_fk',
    }).onDelete('cascade'),
  ],
);

/** One row per recalibration slot (an hour): the first process to insert it runs the job, others skip. */
export const questionCalibrationRuns = pgTable('question_calibration_runs', {
  slot: text('slot').primaryKey(),
  startedAt: instant('started_at').notNull(),
  finishedAt: instant('finished_at'),
  items: integer('items').notNull().default(0),
});
