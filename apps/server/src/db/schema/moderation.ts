import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { reports } from './reports.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Issue 43: every action taken against a person (a warning, a limit, a suspension, removed content,
 * later a hidden image or a held message), with the rule it applied and the item it was about. What
 * the person lists at `GET /api/users/me/moderation-actions` and may appeal once. `strike` rows count
 * toward the ladder until `strike_expires_at`, unless reversed.
 */
export const moderationEnforcements = pgTable(
  'moderation_enforcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['warning', 'limit', 'suspension', 'content_removed', 'image_hidden', 'message_held'],
    }).notNull(),
    /** A report reason ('spam', 'assedio'…) or an automatic check's rule ('conteudo_sensivel'). */
    rule: text('rule').notNull(),
    itemType: text('item_type', { enum: ['user', 'post', 'comment', 'message', 'image'] }).notNull(),
    itemId: text('item_id'),
    /** The report decided, when the action came from one. */
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    /** Null: an automatic check acted (no moderator to exclude from the appeal). */
    moderatorId: uuid('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    strike: boolean('strike').notNull().default(false),
    strikeExpiresAt: instant('strike_expires_at'),
    /** A limit's or a suspension's end. */
    endsAt: instant('ends_at'),
    createdAt: instant('created_at').notNull(),
    reversedAt: instant('reversed_at'),
  },
  (table) => [
    index('moderation_enforcements_user_idx').on(table.userId, table.createdAt),
    index('moderation_enforcements_report_idx').on(table.reportId),
  ],
);

/** 'Recorrer': one appeal per action, decided by a moderator other than the one who acted. */
export const moderationAppeals = pgTable(
  'moderation_appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actionId: uuid('action_id')
      .notNull()
      .references(() => moderationEnforcements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'upheld', 'reversed'] })
      .notNull()
      .default('pending'),
    createdAt: instant('created_at').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: instant('decided_at'),
    note: text('note'),
  },
  (table) => [
    uniqueIndex('moderation_appeals_action_key').on(table.actionId),
    index('moderation_appeals_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);
