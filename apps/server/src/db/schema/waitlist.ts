import { WAITLIST_OBJECTIVES } from '@estudai/contract';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The pre-launch waiting list (spec §3): one row per e-mail. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Normalised like account e-mails (trimmed, NFC, lower-case), so the unique index ignores case. */
    email: text('email').notNull(),
    /** As typed ('com DDD'); the spec asks for no format check. */
    phone: text('phone').notNull(),
    objective: text('objective', { enum: WAITLIST_OBJECTIVES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('waitlist_entries_email_key').on(table.email),
    index('waitlist_entries_created_idx').on(table.createdAt, table.id),
  ],
);

/**
 * Robot-check challenges already answered: a solution is accepted once, in any process.
 * Kept until the challenge would have expired anyway, then purged.
 */
/**
 * Secrets every process must share (issue 37): the robot check's HMAC key, the list cursors' keys and
 * the push (VAPID) keys, each made once by whichever process needs it first, so a proof solved, a cursor
 * made or a push subscription taken on one node holds on another. A key set in the environment
 * (`ALTCHA_HMAC_KEY`, `CURSOR_HMAC_KEY`, `VAPID_*`) wins and is never stored.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const robotCheckUses = pgTable(
  'robot_check_uses',
  {
    /** The challenge's HMAC signature: unique to each challenge the server issued. */
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('robot_check_uses_expires_idx').on(table.expiresAt)],
);
