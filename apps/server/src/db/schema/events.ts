import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox of domain events (src/events/): one row per event and durable
 * subscriber, written in the transaction that made the change, so the change and what must follow
 * it commit together. A subscriber's run deletes its row in the same transaction as its own
 * writes: it happens once, or not at all and is tried again (`runAfter`).
 */
export const domainEventOutbox = pgTable(
  'domain_event_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The event's id, shared by the rows of its subscribers. */
    eventId: uuid('event_id').notNull(),
    name: text('name').notNull(),
    subscriber: text('subscriber').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Not before this instant (a retry's backoff). */
    runAfter: timestamp('run_after', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('domain_event_outbox_due_idx').on(table.runAfter)],
);

export type OutboxRow = typeof domainEventOutbox.$inferSelect;
