import type { ImageScores } from '@estudai/contract';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Every post photo, attachment and cover uploaded through `POST /api/media` (issue 37): who sent it,
 * so a post takes only its author's own uploads (never an outside address), a fresh upload is shown
 * to its uploader alone, and the person's files are exported and erased with them. `removed_at`:
 * the post that held it went (or the avatar was replaced or removed); the address answers 404 at once
 * and the `media.remove-files` job deletes the file, then the row.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    /** The store key: `uploads/<folder>/<random hex>.<ext>`. */
    key: text('key').primaryKey(),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * What it is for: `POST /api/media`'s purposes, `avatar` (stored by the profile, issue 43), or
     * `card_image` (an imported Anki card's, issue 42).
     */
    purpose: text('purpose', {
      enum: [
        'post_image',
        'post_attachment',
        'group_cover',
        'essay_image',
        'resolution_image',
        'avatar',
        'card_image',
      ],
    }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true, precision: 3 }),
    /**
     * Issue 43 (decision 051): what the image check said. An image starts `pending` (shown blurred)
     * until the `media.classify` job scores it; a PDF is `ok` at once. A moderator's decision
     * (`decided_by`) is final: the job never overwrites it.
     */
    sensitivity: text('sensitivity', { enum: ['pending', 'ok', 'sensitive', 'blocked'] })
      .notNull()
      .default('pending'),
    scores: jsonb('scores').$type<ImageScores>(),
    classifiedAt: timestamp('classified_at', { withTimezone: true, precision: 3 }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    index('media_uploads_uploader_idx').on(table.uploaderId),
    // The check's backlog and the moderators' list: only the few rows not 'ok'.
    index('media_uploads_review_idx')
      .on(table.sensitivity, table.createdAt)
      .where(sql`${table.sensitivity} <> 'ok'`),
  ],
);
