import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { studyGroups } from './groups.ts';
import { users } from './users.ts';

// Study rooms, focus blocks, friend streaks and the league's opt-in (issue 39).

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const userRef = (name = 'user_id') =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A room: public (by goal or subject, `slug`), a study group's (one per group) or a private one its
 * owner invites to. The shared pomodoro is computed from `cycle_started_at` on the server's clock.
 */
export const studyRooms = pgTable(
  'study_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['public', 'group', 'private'] }).notNull(),
    name: text('name').notNull(),
    slug: text('slug'),
    studyGroupId: uuid('study_group_id').references(() => studyGroups.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    focusMinutes: integer('focus_minutes').notNull(),
    breakMinutes: integer('break_minutes').notNull(),
    cycleStartedAt: instant('cycle_started_at').notNull(),
    /** A group's weekly league; its owner may turn it off. */
    leagueEnabled: boolean('league_enabled').notNull().default(true),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('study_rooms_slug_idx').on(table.slug),
    uniqueIndex('study_rooms_group_idx').on(table.studyGroupId),
    index('study_rooms_owner_idx').on(table.ownerId),
    check('study_rooms_focus_range', sql`${table.focusMinutes} between 15 and 90`),
    check('study_rooms_break_range', sql`${table.breakMinutes} between 5 and 30`),
  ],
);

/** Who is in a room now: one room at a time per person. */
export const roomPresence = pgTable(
  'room_presence',
  {
    userId: userRef().primaryKey(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => studyRooms.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    goal: text('goal'),
    joinedAt: instant('joined_at').notNull(),
    /** Shown as present while seen lately: a join, the room's screen, a heartbeat, the socket. */
    lastSeenAt: instant('last_seen_at').notNull(),
  },
  (table) => [index('room_presence_room_idx').on(table.roomId, table.joinedAt)],
);

/** An invitation to a private room, for one person, until it expires. */
export const roomInvites = pgTable(
  'room_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => studyRooms.id, { onDelete: 'cascade' }),
    inviterId: userRef('inviter_id'),
    inviteeId: userRef('invitee_id'),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [uniqueIndex('room_invites_room_invitee_idx').on(table.roomId, table.inviteeId)],
);

/** A preset cheer sent in a room (kept a while for the room's screen). */
export const roomReactions = pgTable(
  'room_reactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => studyRooms.id, { onDelete: 'cascade' }),
    userId: userRef(),
    reaction: text('reaction', { enum: ['bora', 'forca', 'pausa', 'palmas'] }).notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('room_reactions_room_idx').on(table.roomId, table.createdAt)],
);

/**
 * A focus block: verified minutes come from visible heartbeats and from answers and reviews inside
 * it; `verified_minutes` is recomputed on every heartbeat and at the end.
 */
export const studyBlocks = pgTable(
  'study_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    roomId: uuid('room_id').references(() => studyRooms.id, { onDelete: 'set null' }),
    subject: text('subject'),
    startedAt: instant('started_at').notNull(),
    lastSignAt: instant('last_sign_at').notNull(),
    endedAt: instant('ended_at'),
    verifiedMinutes: integer('verified_minutes').notNull().default(0),
  },
  (table) => [index('study_blocks_user_started_idx').on(table.userId, table.startedAt)],
);

/** One heartbeat of a block: the tab visible or not at `at`. */
export const studyBlockHeartbeats = pgTable(
  'study_block_heartbeats',
  {
    blockId: uuid('block_id')
      .notNull()
      .references(() => studyBlocks.id, { onDelete: 'cascade' }),
    at: instant('at').notNull(),
    visible: boolean('visible').notNull(),
  },
  (table) => [primaryKey({ columns: [table.blockId, table.at] })],
);

/** Two mutual followers' shared streak: requested by one, active once the other accepts. */
export const friendStreaks = pgTable(
  'friend_streaks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: userRef('requester_id'),
    addresseeId: userRef('addressee_id'),
    /** The pair in a fixed order, so one pair has one row whichever asked. */
    pairKey: text('pair_key').notNull(),
    status: text('status', { enum: ['pending', 'active'] }).notNull(),
    createdAt: instant('created_at').notNull(),
    acceptedAt: instant('accepted_at'),
  },
  (table) => [
    uniqueIndex('friend_streaks_pair_idx').on(table.pairKey),
    index('friend_streaks_requester_idx').on(table.requesterId),
    index('friend_streaks_addressee_idx').on(table.addresseeId),
  ],
);

/** A person's room settings: 'estudar invisível' and joining their groups' leagues. */
export const roomSettings = pgTable('room_settings', {
  userId: userRef().primaryKey(),
  invisible: boolean('invisible').notNull().default(false),
  leagueOptIn: boolean('league_opt_in').notNull().default(false),
});
