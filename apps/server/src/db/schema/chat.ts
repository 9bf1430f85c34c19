import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One conversation per pair of users: `user_a` is always the smaller id, so the pair is unique. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userA: uuid('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: uuid('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('conversations_pair_key').on(table.userA, table.userB),
    index('conversations_user_b_idx').on(table.userB),
    check('conversations_ordered_pair', sql`${table.userA} < ${table.userB}`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** The sender's id for the message: a retried send with the same one stores nothing new. */
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }),
    /** Shown as 'Mensagem ocultada…' to the participants while an 'exploracao_infantil' report waits. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, precision: 3 }),
    /** The sender's account was erased: the text is gone, the partner sees 'Mensagem apagada'. */
    erasedAt: timestamp('erased_at', { withTimezone: true, precision: 3 }),
    /**
     * Held for a minor recipient (issue 43): an adult's message with a phone, an address, another
     * messaging app or a request to talk elsewhere. The minor reads it only after a tap.
     */
    heldAt: timestamp('held_at', { withTimezone: true, precision: 3 }),
    /** The first message a minor received from this sender: shown under the safety card. */
    firstContact: boolean('first_contact').notNull().default(false),
  },
  (table) => [
    index('messages_conversation_created_idx').on(table.conversationId, table.createdAt, table.id),
    uniqueIndex('messages_sender_client_key')
      .on(table.senderId, table.clientId)
      .where(sql`${table.clientId} is not null`),
    index('messages_sender_created_idx').on(table.senderId, table.createdAt),
    index('messages_unread_idx').on(table.conversationId, table.senderId).where(sql`${table.readAt} is null`),
  ],
);
