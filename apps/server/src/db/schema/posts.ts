import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { studyGroups } from './groups.ts';
import { users } from './users.ts';

/** Millisecond precision: a JavaScript Date holds it exactly, so keyset cursors round-trip. */
const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

export interface StoredQuestion {
  question: string;
  options: string[];
  correctAnswer: number;
  explanation?: string;
  /** Issue 19's metadata (contract `SUBJECTS`, `EXAMS`); each only when the author gave it. */
  subject?: string;
  topic?: string;
  exam?: string;
  year?: number;
  /**
   * Issue 42: the image an import brought (a Moodle `<file>`): the importer's own upload, also in
   * the post's `media_urls` so its file is served by the posts' rule and goes with the post.
   */
  imageUrl?: string;
}
export interface StoredPoll {
  question: string;
  options: string[];
  /** ISO date-time, or null for a poll that never closes. */
  expiresAt: string | null;
}
export interface StoredQuestionSet {
  title: string;
  questions: StoredQuestion[];
}

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null: the main feed. */
    studyGroupId: uuid('study_group_id').references(() => studyGroups.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: ['text', 'question', 'poll', 'question_set', 'photo', 'attachment'],
    }).notNull(),
    /** As typed (trimmed); never HTML-escaped here, the web renders it as text. */
    content: text('content').notNull().default(''),
    mediaUrls: text('media_urls').array().notNull().default(sql`'{}'::text[]`),
    /** A photo's description for screen readers (issue 36), by its address in `media_urls`; none when blank. */
    mediaAlts: jsonb('media_alts').$type<Record<string, string>>().notNull().default({}),
    questionData: jsonb('question_data').$type<StoredQuestion>(),
    pollData: jsonb('poll_data').$type<StoredPoll>(),
    /** Votes per poll option, moved in the same transaction as each vote row. */
    pollVoteCounts: integer('poll_vote_counts').array(),
    questionSetData: jsonb('question_set_data').$type<StoredQuestionSet>(),
    likesCount: integer('likes_count').notNull().default(0),
    /**
     * Moved by one with every like or unlike, under the row's lock: the order of the counts, so the
     * feed memory patches a kept page with a newer count only (feed-cache.ts).
     */
    likesVersion: integer('likes_version').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    sharesCount: integer('shares_count').notNull().default(0),
    /** Hidden from everyone but admins: an 'exploracao_infantil' report, or a moderator's decision. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, precision: 3 }),
    /** Last time its author changed its text, media or options; null while never edited ('editado'). */
    editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }),
    /**
     * A question or quiz became popular ('Para você', decision 034): set once, when its likes reach
     * the bar, and never cleared, so a post's rank only ever rises while someone pages through.
     */
    popularAt: timestamp('popular_at', { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (table) => [
    index('posts_feed_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.studyGroupId} is null`),
    index('posts_author_idx').on(
      table.authorId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // 'Para você' (decision 034): main-feed questions by subject, and the popular questions, newest first.
    index('posts_subject_feed_idx')
      .on(
        sql`(${table.questionData}->>'subject')`,
        table.createdAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      )
      .where(sql`${table.studyGroupId} is null and (${table.questionData}->>'subject') is not null`),
    // Issue 37: which posts hold a file, asked on every read of /media/posts and /media/attachments.
    index('posts_media_urls_idx').using('gin', table.mediaUrls),
    index('posts_popular_questions_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.studyGroupId} is null and ${table.popularAt} is not null`),
    index('posts_group_idx')
      .on(table.studyGroupId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.studyGroupId} is not null`),
    // The hidden posts, few: the bank's visibility rule (study's questionVisibleTo) asks "is this
    // question's post hidden?" of every candidate, which was a scan of all posts (issue 40's bench).
    index('posts_hidden_idx').on(table.id).where(sql`${table.hiddenAt} is not null`),
  ],
);

const postRef = () =>
  uuid('post_id')
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' });
const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const postLikes = pgTable(
  'post_likes',
  { postId: postRef(), userId: userRef(), createdAt: createdAt() },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('post_likes_user_idx').on(table.userId),
  ],
);

export const postSaves = pgTable(
  'post_saves',
  { postId: postRef(), userId: userRef(), createdAt: createdAt() },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('post_saves_user_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.postId.desc().nullsFirst(),
    ),
  ],
);

/**
 * The first answer of each user to each question: a question post's (`question_index` 0), a quiz
 * question answered on its own in the bank, or each question of the user's first quiz attempt
 * (`via_attempt`, which the accuracy leaves to `quiz_attempts`). The bank's status, its community
 * figures and the profiles' accuracy read from here.
 */
export const postAnswers = pgTable(
  'post_answers',
  {
    postId: postRef(),
    userId: userRef(),
    questionIndex: integer('question_index').notNull().default(0),
    optionIndex: integer('option_index').notNull(),
    isCorrect: boolean('is_correct').notNull(),
    viaAttempt: boolean('via_attempt').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId, table.questionIndex] }),
    index('post_answers_user_idx').on(table.userId, table.createdAt),
  ],
);

export const pollVotes = pgTable(
  'poll_votes',
  {
    postId: postRef(),
    userId: userRef(),
    optionIndex: integer('option_index').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('poll_votes_user_idx').on(table.userId),
  ],
);

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: postRef(),
    userId: userRef(),
    answers: integer('answers').array().notNull(),
    score: integer('score').notNull(),
    total: integer('total').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('quiz_attempts_post_user_idx').on(table.postId, table.userId, table.createdAt.desc().nullsFirst()),
    index('quiz_attempts_user_idx').on(table.userId, table.createdAt),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: postRef(),
    /** Null for a top-level comment; replies are one level deep. */
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    /** Hidden from everyone but admins (see posts.hidden_at). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, precision: 3 }),
    /** Last time its author changed it; null while never edited ('editado'). */
    editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (table) => [
    index('comments_post_idx').on(table.postId, table.createdAt, table.id),
    index('comments_parent_idx').on(table.parentId),
    index('comments_author_idx').on(table.authorId),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.commentId, table.userId] }),
    index('comment_likes_user_idx').on(table.userId),
  ],
);
