import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * 'Meus dados' (LGPD art. 18): one export of a person's data as a ZIP, built by a job that claims
 * the row (`lease_until`), so a restart picks it up again. The file lives under DATA_DIR/exports for
 * 7 days. `requested_by` is the person, or their guardian, and only they download it.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'running', 'ready', 'failed', 'expired'] }).notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
    expiresAt: instant('expires_at'),
    leaseUntil: instant('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /**
     * What went wrong with the last try (issue 37), shown while it waits for the next one: `storage`
     * (the file store would not keep the ZIP) or `failed` (anything else). Null once it worked.
     */
    lastError: text('last_error', { enum: ['storage', 'failed'] }),
  },
  (table) => [
    uniqueIndex('data_exports_running_key')
      .on(table.userId)
      .where(sql`${table.status} in ('pending', 'running')`),
    index('data_exports_status_idx').on(table.status, table.createdAt),
  ],
);
