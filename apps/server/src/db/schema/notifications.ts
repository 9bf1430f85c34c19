import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who caused it (null for system messages and achievements). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: ['like', 'comment', 'follow', 'mention', 'group_invite', 'system', 'study_group', 'achievement'],
    }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    actionUrl: text('action_url'),
    /** The same event twice (like, unlike, like) carries the same key and notifies once. */
    dedupeKey: text('dedupe_key'),
    isRead: boolean('is_read').notNull().default(false),
    /** How many events one notification stands for (a group's news of a day: 'N novidades'). */
    groupedCount: integer('grouped_count').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('notifications_unread_idx').on(table.userId).where(sql`${table.isRead} = false`),
    uniqueIndex('notifications_dedupe_key')
      .on(table.userId, table.dedupeKey)
      .where(sql`${table.dedupeKey} is not null`),
  ],
);

export const connectionRequests = pgTable(
  'connection_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    /** 'connect': follow each other when accepted; 'follow': only the asker follows (a minor approves). */
    kind: text('kind', { enum: ['connect', 'follow'] })
      .notNull()
      .default('connect'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('connection_requests_pending_key')
      .on(table.fromUserId, table.toUserId)
      .where(sql`${table.status} = 'pending'`),
    index('connection_requests_to_idx').on(table.toUserId, table.status, table.createdAt),
  ],
);

/** One row per device that allowed notifications; dead endpoints are removed when the push service says so. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The session that subscribed this device: signing out (or any end of that session, such as a
     * password reset) deletes the subscription with it, so a shared phone stops getting the pushes.
     */
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
    index('push_subscriptions_session_idx').on(table.sessionId),
  ],
);
