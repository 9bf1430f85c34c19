import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A report of one user by another; one per reporter and target, kept after it is resolved. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: userRef('reporter_id'),
    targetId: userRef('target_id'),
    reason: text('reason', {
      enum: ['spam', 'conteudo_inadequado', 'assedio', 'informacoes_falsas', 'violacao_direitos', 'outro'],
    }).notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['open', 'dismissed', 'warned', 'suspended'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('reports_reporter_target_key').on(table.reporterId, table.targetId),
    index('reports_reporter_created_idx').on(table.reporterId, table.createdAt),
    index('reports_status_created_idx').on(table.status, table.createdAt, table.id),
    index('reports_target_idx').on(table.targetId),
  ],
);

/** The moderation audit log: every decision, by whom and when. Never updated or deleted by the app. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    targetId: userRef('target_id'),
    action: text('action', { enum: ['dismiss', 'warn', 'suspend'] }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('moderation_actions_created_idx').on(table.createdAt, table.id),
    index('moderation_actions_report_idx').on(table.reportId),
    index('moderation_actions_target_idx').on(table.targetId),
  ],
);
