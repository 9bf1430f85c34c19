import type { CompetenciaScores, EssayZeroReason } from '@estudai/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { studyGroups } from './groups.ts';
import { users } from './users.ts';

// Redação (issue 38): proposals, essays and their corrections by competência.

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export interface StoredMotivatingText {
  text?: string;
  mediaUrl?: string;
}
export interface StoredEssayComment {
  start: number;
  end: number;
  competencia: number;
  text: string;
}
export type StoredFinalScore = CompetenciaScores & { total: number };

/** A proposal ('proposta de redação'): to one group (its members) or to everyone (`groupId` null). */
export const essayPrompts = pgTable(
  'essay_prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => studyGroups.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    motivatingTexts: jsonb('motivating_texts').$type<StoredMotivatingText[]>().notNull(),
    instruction: text('instruction').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('essay_prompts_group_idx').on(table.groupId, table.createdAt.desc(), table.id.desc()),
    index('essay_prompts_created_idx').on(table.createdAt.desc(), table.id.desc()),
  ],
);

/**
 * An essay: a draft until submitted to the prompt's group (its teachers) or to the community
 * (peers). `reviewsNeeded` is how many corrections the protocol asks for so far (1 for a group with
 * one teacher, 2, then 3 with a third, 4 with the banca): `next` hands out an assignment while the
 * open and done ones are fewer. A control essay (`controlScores` set) is corrected by any number of
 * graders, against its reference scores, and never changes.
 */
export const essays = pgTable(
  'essays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    promptId: uuid('prompt_id')
      .notNull()
      .references(() => essayPrompts.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    mediaUrls: text('media_urls').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ['draft', 'submitted', 'third_review', 'banca', 'done'] })
      .notNull()
      .default('draft'),
    destination: text('destination', { enum: ['group', 'community'] }),
    /** The group whose teachers correct it (a group submission). */
    groupId: uuid('group_id').references(() => studyGroups.id, { onDelete: 'cascade' }),
    /** The author was under 18 when it was sent: only minors and verified teachers grade it. */
    authorIsMinor: boolean('author_is_minor').notNull().default(false),
    reviewsNeeded: integer('reviews_needed').notNull().default(0),
    finalScore: jsonb('final_score').$type<StoredFinalScore>(),
    /** A control essay's reference scores (a teacher's correction). */
    controlScores: jsonb('control_scores').$type<CompetenciaScores>(),
    submittedAt: instant('submitted_at'),
    /**
     * Every place of the essay is held until at least this instant (the first open assignment's end),
     * so `next` passes it by without counting its corrections (bench:essays). Only a hint: null, or
     * past, the places are counted; a change of status (a third, the banca) clears it.
     */
    heldUntil: instant('held_until'),
    correctedAt: instant('corrected_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('essays_author_idx').on(table.authorId, table.createdAt.desc(), table.id.desc()),
    // The pools of `next`, one status at a time (bench:essays): the community's by destination, a
    // group's by its id. The status leads, so an empty pool (the banca, most of the time) costs one
    // index probe rather than a pass over every waiting essay.
    index('essays_pool_idx')
      .on(table.status, table.destination, table.submittedAt)
      .where(sql`${table.status} in ('submitted', 'third_review', 'banca')`),
    index('essays_group_pool_idx')
      .on(table.groupId, table.status, table.submittedAt)
      .where(sql`${table.status} in ('submitted', 'third_review', 'banca') and ${table.groupId} is not null`),
    index('essays_controls_idx').on(table.createdAt).where(sql`${table.controlScores} is not null`),
  ],
);

/**
 * An assignment and, once sent, a correction. `kind`: a correction of the protocol, or one of a
 * control essay. One per grader and essay, ever (never the same essay twice). An open one past
 * `expiresAt` no longer holds its place: the essay is back in the pool.
 */
export const essayReviews = pgTable(
  'essay_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    essayId: uuid('essay_id')
      .notNull()
      .references(() => essays.id, { onDelete: 'cascade' }),
    graderId: uuid('grader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['regular', 'control'] }).notNull(),
    status: text('status', { enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    assignedAt: instant('assigned_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    scores: jsonb('scores').$type<CompetenciaScores>(),
    zeroReason: text('zero_reason').$type<EssayZeroReason>(),
    total: integer('total'),
    comments: jsonb('comments').$type<StoredEssayComment[]>().notNull().default(sql`'[]'::jsonb`),
    generalComment: text('general_comment').notNull().default(''),
    /** Its place in the essay's protocol (1, 2, 3, 4 = banca), set when it is sent. */
    position: integer('position'),
    doneAt: instant('done_at'),
    /** When its grader was reminded that it expires soon (once; essays/reminders.service.ts). */
    remindedAt: instant('reminded_at'),
  },
  (table) => [
    index('essay_reviews_expiring_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'open' and ${table.remindedAt} is null`),
    uniqueIndex('essay_reviews_essay_grader_key').on(table.essayId, table.graderId),
    index('essay_reviews_grader_idx').on(table.graderId, table.kind, table.doneAt),
    index('essay_reviews_essay_idx').on(table.essayId, table.status),
    check('essay_reviews_zero', sql`${table.scores} is null or ${table.zeroReason} is null`),
  ],
);

/**
 * A paid group's monthly quota ('4 correções por mês', issue 38): how many essays each member may
 * send to the group's teachers per Brasília month, set by the owner. No row: no quota. Its row is
 * also what a group submission locks, so two at once cannot both take the last correction.
 */
export const essayGroupQuotas = pgTable(
  'essay_group_quotas',
  {
    groupId: uuid('group_id')
      .primaryKey()
      .references(() => studyGroups.id, { onDelete: 'cascade' }),
    monthlyQuota: integer('monthly_quota').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [check('essay_group_quotas_positive', sql`${table.monthlyQuota} > 0`)],
);
