import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { studyGroups } from './groups.ts';
import { users } from './users.ts';

// The teacher's toolkit of a group (issue 24, features/teaching): co-teachers, announcements,
// live classes and invite links.

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const groupRef = () =>
  uuid('study_group_id')
    .notNull()
    .references(() => studyGroups.id, { onDelete: 'cascade' });
const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Professors, mentors or tutors the owner added: they manage the group beside the owner. */
export const groupTeachers = pgTable(
  'group_teachers',
  {
    studyGroupId: groupRef(),
    userId: userRef('user_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.studyGroupId, table.userId] }),
    index('group_teachers_user_idx').on(table.userId),
  ],
);

/** 'Avisos': the newest is pinned on top of the group page; every member is notified of each. */
export const groupAnnouncements = pgTable(
  'group_announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studyGroupId: groupRef(),
    authorId: userRef('author_id'),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('group_announcements_group_idx').on(table.studyGroupId, table.createdAt.desc(), table.id.desc()),
  ],
);

/** 'Aula ao vivo': a scheduled class with a meeting link; `reminded_at` is claimed once, 15 min before. */
export const groupClasses = pgTable(
  'group_classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studyGroupId: groupRef(),
    createdBy: userRef('created_by'),
    title: text('title').notNull(),
    startsAt: at('starts_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    meetingUrl: text('meeting_url').notNull(),
    remindedAt: at('reminded_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('group_classes_group_idx').on(table.studyGroupId, table.startsAt),
    index('group_classes_reminder_idx').on(table.startsAt).where(sql`${table.remindedAt} is null`),
    check('group_classes_duration', sql`${table.durationMinutes} between 1 and 480`),
  ],
);

/** A shareable link to a group: optional expiry, limit of uses and first-payment coupon. */
export const groupInviteLinks = pgTable(
  'group_invite_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    studyGroupId: groupRef(),
    createdBy: userRef('created_by'),
    maxUses: integer('max_uses'),
    usesCount: integer('uses_count').notNull().default(0),
    expiresAt: at('expires_at'),
    couponPercent: smallint('coupon_percent'),
    couponMaxUses: integer('coupon_max_uses'),
    /** Payments that took the coupon (claimed when the payment starts, given back if it fails). */
    couponUsesCount: integer('coupon_uses_count').notNull().default(0),
    revokedAt: at('revoked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('group_invite_links_code_key').on(table.code),
    index('group_invite_links_group_idx').on(table.studyGroupId, table.createdAt.desc()),
    check(
      'group_invite_links_coupon',
      sql`${table.couponPercent} is null or ${table.couponPercent} between 1 and 100`,
    ),
  ],
);

/** Who accepted which link: one use per person, and the coupon is theirs to use on the first payment. */
export const groupInviteUses = pgTable(
  'group_invite_uses',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => groupInviteLinks.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    usedAt: at('used_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.linkId, table.userId] }),
    index('group_invite_uses_user_idx').on(table.userId),
  ],
);
