import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A minor's privacy floor, as a guardian set it (contract `PrivacySettings`). */
export interface StoredPrivacy {
  profileVisibility: 'public' | 'followers';
  allowAdultChat: boolean;
  discoverable: boolean;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Normalised: trimmed, NFC, lower-case. */
    email: text('email').notNull(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    /** argon2id PHC string; null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    userType: text('user_type', {
      enum: ['aluno', 'professor', 'mentor', 'tutor', 'admin', 'responsavel'],
    }).notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    avatar: text('avatar'),
    bio: text('bio').notNull().default(''),
    location: text('location').notNull().default(''),
    website: text('website').notNull().default(''),
    isVerified: boolean('is_verified').notNull().default(false),
    googleSub: text('google_sub'),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** A strike's 7-day suspension ends here (null: until a moderator lifts it). Issue 43. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** A strike's limit: no posts, comments or messages before this instant. Issue 43. */
    limitedUntil: timestamp('limited_until', { withTimezone: true }),
    /** 'YYYY-MM-DD'; null for accounts made before it was asked (they are asked once). Owner-only. */
    birthDate: date('birth_date', { mode: 'string' }),
    /** 'followers': profile details and main-feed posts for followers only (minors start here). */
    profileVisibility: text('profile_visibility', { enum: ['public', 'followers'] })
      .notNull()
      .default('public'),
    /** False: no adult may chat with them. */
    allowAdultChat: boolean('allow_adult_chat').notNull().default(true),
    /** False: never offered in 'quem seguir'. */
    discoverable: boolean('discoverable').notNull().default(true),
    /** A minor may not loosen past these alone; set by the guardian (null: the age's defaults). */
    privacyFloor: jsonb('privacy_floor').$type<StoredPrivacy>(),
    /** The account is erased at this instant unless its owner signs in before (LGPD art. 18). */
    deletionScheduledFor: timestamp('deletion_scheduled_for', { withTimezone: true }),
    /**
     * Set on the stand-in row that takes an erased account's place where others keep something
     * (a conversation partner's thread): no e-mail, no password, shown as 'Conta excluída'.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** The first-run step (issue 21): ENEM, vestibular or concurso; null until chosen. */
    studyGoal: text('study_goal', { enum: ['enem', 'vestibular', 'concurso'] }),
    /** Contract `SUBJECTS` the person studies: 'Para você' ranks posts on them higher. */
    studySubjects: text('study_subjects').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_username_key').on(table.username),
    uniqueIndex('users_google_sub_key').on(table.googleSub).where(sql`${table.googleSub} is not null`),
    index('users_deletion_due_idx')
      .on(table.deletionScheduledFor)
      .where(sql`${table.deletionScheduledFor} is not null`),
  ],
);

/** One row per signed-in device; `id` is the SHA-256 of the cookie's token, never the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** E-mail verification and password-reset codes; only their SHA-256 is kept. */
export const authCodes = pgTable(
  'auth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('auth_codes_user_purpose_idx').on(table.userId, table.purpose, table.createdAt)],
);

/** Failed sign-ins, counted per account to slow down password guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_email_created_idx').on(table.email, table.createdAt),
    // Issue 37: the hourly prune of failures past their window.
    index('login_failures_created_idx').on(table.createdAt),
  ],
);
