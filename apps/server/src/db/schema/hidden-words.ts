import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A user's 'Palavras ocultas' (issue 43): words and phrases whose comments, replies and chat
 * messages are folded for them. Minors also get the default list, which is not stored here.
 */
export const hiddenWords = pgTable('hidden_words', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** As the user typed them (trimmed); matching normalizes accents and case. */
  words: text('words').array().notNull().default([]),
  /** An adult who turned the default list on; minors always have it, whatever this says. */
  useDefaults: boolean('use_defaults').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
