import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { studyGroups } from './groups.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A teen's guardian: invited by e-mail (only the link token's SHA-256 is kept), active once a
 * signed-in adult accepts it. One pending and one active link per teen at most.
 */
export const guardianLinks = pgTable(
  'guardian_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teenId: userRef('teen_id'),
    /** Set when accepted. */
    guardianId: uuid('guardian_id').references(() => users.id, { onDelete: 'cascade' }),
    invitedEmail: text('invited_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['pending', 'active', 'revoked', 'replaced'] }).notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    acceptedAt: instant('accepted_at'),
    endedAt: instant('ended_at'),
  },
  (table) => [
    uniqueIndex('guardian_links_token_key').on(table.tokenHash),
    uniqueIndex('guardian_links_pending_key').on(table.teenId).where(sql`${table.status} = 'pending'`),
    uniqueIndex('guardian_links_active_key').on(table.teenId).where(sql`${table.status} = 'active'`),
    index('guardian_links_guardian_idx').on(table.guardianId).where(sql`${table.status} = 'active'`),
  ],
);

/** A supervised teen's wish to pay for a group: the guardian approves or refuses before any payment. */
export const guardianApprovals = pgTable(
  'guardian_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teenId: userRef('teen_id'),
    studyGroupId: uuid('study_group_id')
      .notNull()
      .references(() => studyGroups.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'refused', 'used'] }).notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    decidedAt: instant('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: instant('used_at'),
  },
  (table) => [
    uniqueIndex('guardian_approvals_open_key')
      .on(table.teenId, table.studyGroupId)
      .where(sql`${table.status} in ('pending', 'approved')`),
    index('guardian_approvals_teen_idx').on(table.teenId, table.status),
  ],
);

/**
 * Time in the app of minors, for their guardian: one row per 5-minute bucket with any signed-in
 * request or socket connection. Kept 30 days (features/privacy/privacy-jobs.ts purges older ones).
 */
export const appPresence = pgTable(
  'app_presence',
  {
    userId: userRef('user_id'),
    bucket: instant('bucket').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.bucket] }),
    index('app_presence_bucket_idx').on(table.bucket),
  ],
);
