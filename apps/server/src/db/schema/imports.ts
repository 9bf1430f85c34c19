import type { ImportItem } from '@estudai/contract';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { studyGroups } from './groups.ts';
import { users } from './users.ts';

/**
 * An import of questions (issue 42): the parsed preview, then the job's progress. `file_hash` (SHA-256
 * of the bytes) with the owner and the target recognise the same file imported twice ('já
 * importadas'). `created_post_ids` lists what the job made so far, so a failed job removes them.
 */
export const questionImports = pgTable(
  'question_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null: the owner's own public posts. */
    studyGroupId: uuid('study_group_id').references(() => studyGroups.id, { onDelete: 'cascade' }),
    format: text('format', { enum: ['moodle_xml', 'gift', 'aiken', 'csv'] }).notNull(),
    /** Question posts, or one quiz per category ('as' in the request). */
    importAs: text('import_as', { enum: ['questions', 'quiz'] }).notNull(),
    fileHash: text('file_hash').notNull(),
    fileName: text('file_name').notNull().default(''),
    status: text('status', { enum: ['preview', 'running', 'done', 'failed'] })
      .notNull()
      .default('preview'),
    items: jsonb('items').$type<ImportItem[]>().notNull(),
    errors: jsonb('errors').$type<{ line: number; message: string }[]>().notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    createdPostIds: uuid('created_post_ids').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [index('question_imports_owner_hash_idx').on(table.ownerId, table.fileHash)],
);
