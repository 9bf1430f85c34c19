import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A finished stretch of study recorded by the timer; statistics are computed from these rows. */
export const studySessions = pgTable(
  'study_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }).notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    kind: text('kind', { enum: ['timer', 'pomodoro'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('study_sessions_user_started_idx').on(table.userId, table.startedAt),
    check('study_sessions_duration_range', sql`${table.durationSeconds} between 1 and 43200`),
  ],
);
