import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { questionItems } from './study.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A bank question that adaptive practice served to a user (issue 40): practice does not serve it
 * again for 30 days, answered or not. One row per user and question, its `seen_at` the latest.
 */
export const practiceViews = pgTable(
  'practice_views',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').notNull(),
    questionIndex: integer('question_index').notNull(),
    seenAt: instant('seen_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.postId, table.questionIndex] }),
    foreignKey({
      columns: [table.postId, table.questionIndex],
      foreignColumns: [questionItems.postId, questionItems.questionIndex],
      name: 'practice_views_question_fk',
    }).onDelete('cascade'),
  ],
);

/** A resolution of a bank question (issue 40): the author's, a teacher's or the community's. */
export const questionResolutions = pgTable(
  'question_resolutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id').notNull(),
    questionIndex: integer('question_index').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** Its images (issue 40): the author's own `resolution_image` uploads, in order. */
    mediaUrls: text('media_urls').array().notNull().default(sql`'{}'::text[]`),
    /** Marked 'melhor resolução' by the question's author or a teacher: at most one per question. */
    accepted: boolean('accepted').notNull().default(false),
    votesCount: integer('votes_count').notNull().default(0),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.postId, table.questionIndex],
      foreignColumns: [questionItems.postId, questionItems.questionIndex],
      name: 'question_resolutions_question_fk',
    }).onDelete('cascade'),
    index('question_resolutions_question_idx').on(table.postId, table.questionIndex),
    uniqueIndex('question_resolutions_one_accepted_key')
      .on(table.postId, table.questionIndex)
      .where(sql`${table.accepted}`),
    check('question_resolutions_content_length', sql`char_length(${table.content}) between 1 and 5000`),
  ],
);

/** A 'útil' vote on a resolution, once per user. */
export const resolutionVotes = pgTable(
  'resolution_votes',
  {
    resolutionId: uuid('resolution_id')
      .notNull()
      .references(() => questionResolutions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.resolutionId, table.userId] })],
);
