import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

const REASONS = [
  'spam',
  'conteudo_inadequado',
  'assedio',
  'informacoes_falsas',
  'violacao_direitos',
  'outro',
  'exploracao_infantil',
] as const;
const CONTENT_KINDS = ['user', 'post', 'comment', 'message'] as const;

/**
 * A report of a person (`content_kind` 'user') or of one post, comment or chat message by them
 * (`target_id` is always the person). One per reporter and person, or per reporter and content;
 * kept after it is resolved. A decision against the author may be contested once.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: userRef('reporter_id'),
    targetId: userRef('target_id'),
    contentKind: text('content_kind', { enum: CONTENT_KINDS }).notNull().default('user'),
    contentId: uuid('content_id'),
    reason: text('reason', { enum: REASONS }).notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['open', 'dismissed', 'warned', 'suspended'] })
      .notNull()
      .default('open'),
    createdAt: instant('created_at').notNull().defaultNow(),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: instant('resolved_at'),
    /** 'Contestar': the author's reason, once; then an admin keeps ('upheld') or reverses the decision. */
    contestReason: text('contest_reason'),
    contestedAt: instant('contested_at'),
    contestStatus: text('contest_status', { enum: ['pending', 'upheld', 'reversed'] }),
    contestResolvedBy: uuid('contest_resolved_by').references(() => users.id, { onDelete: 'set null' }),
    contestResolvedAt: instant('contest_resolved_at'),
    contestNote: text('contest_note'),
  },
  (table) => [
    uniqueIndex('reports_reporter_target_key')
      .on(table.reporterId, table.targetId)
      .where(sql`${table.contentKind} = 'user'`),
    uniqueIndex('reports_reporter_content_key')
      .on(table.reporterId, table.contentKind, table.contentId)
      .where(sql`${table.contentId} is not null`),
    index('reports_reporter_created_idx').on(table.reporterId, table.createdAt),
    index('reports_status_created_idx').on(table.status, table.createdAt, table.id),
    index('reports_target_idx').on(table.targetId),
    index('reports_content_idx').on(table.contentKind, table.contentId),
    index('reports_contest_idx').on(table.contestStatus).where(sql`${table.contestStatus} = 'pending'`),
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
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('moderation_actions_created_idx').on(table.createdAt, table.id),
    index('moderation_actions_report_idx').on(table.reportId),
    index('moderation_actions_target_idx').on(table.targetId),
  ],
);

/**
 * A copy of content reported as 'exploracao_infantil', taken when it was reported: kept for the
 * moderators and the authorities even if the author deletes it or their account is erased, so
 * `author_id` deliberately has no foreign key (docs/decisions/016). Never shown to anyone but admins.
 */
export const reportEvidence = pgTable(
  'report_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    contentKind: text('content_kind', { enum: CONTENT_KINDS }).notNull(),
    contentId: uuid('content_id').notNull(),
    authorId: uuid('author_id').notNull(),
    text: text('text').notNull(),
    mediaUrls: text('media_urls').array().notNull().default(sql`'{}'::text[]`),
    /** The rest of a post as stored (question, poll, quiz), for the record. */
    data: jsonb('data'),
    contentCreatedAt: instant('content_created_at').notNull(),
    capturedAt: instant('captured_at').notNull().defaultNow(),
  },
  (table) => [
    index('report_evidence_report_idx').on(table.reportId),
    index('report_evidence_content_idx').on(table.contentKind, table.contentId),
  ],
);
