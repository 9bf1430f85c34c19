import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Millisecond precision: a JavaScript Date holds it exactly, so keyset cursors round-trip. */
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const createdAt = () => at('created_at').notNull().defaultNow();
const userRef = (name = 'user_id') =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export interface StoredSyllabusModule {
  title: string;
  lessons: string[];
}
export interface StoredFaqItem {
  question: string;
  answer: string;
}

export const studyGroups = pgTable(
  'study_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: userRef('owner_id'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    summary: text('summary').notNull().default(''),
    coverImage: text('cover_image'),
    category: text('category', {
      enum: ['matematica', 'fisica', 'quimica', 'biologia', 'portugues', 'historia', 'geografia'],
    }).notNull(),
    subject: text('subject', { enum: ['ENEM', 'Vestibular', 'Superior'] }).notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    /** Cents of BRL. */
    price: integer('price').notNull().default(0),
    currency: text('currency', { enum: ['BRL'] })
      .notNull()
      .default('BRL'),
    /** Months of access bought by one payment; null: lifetime. */
    subscriptionDuration: integer('subscription_duration'),
    maxMembers: integer('max_members').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * name, description, summary, subject, category, owner's name and tags, lower-case and without
     * accents (groups.service.ts `groupSearchText` on every write, since unaccent() is not
     * immutable); searched through a trigram index.
     */
    searchText: text('search_text').notNull(),
    /**
     * Kept by triggers (migration 0010) from group_memberships and group_ratings: active
     * memberships (expiry is checked where access is decided, not here), and the ratings' count
     * and sum. base_score is the viewer-independent part of the relevance (popularity and rating,
     * relevance.ts), so 'Disponíveis' is ordered from an index at any size.
     */
    /** The page for prospective members (issue 24): 'O que você vai aprender', syllabus, FAQ. */
    learnOutcomes: text('learn_outcomes').notNull().default(''),
    syllabus: jsonb('syllabus').$type<StoredSyllabusModule[]>().notNull().default(sql`'[]'::jsonb`),
    faq: jsonb('faq').$type<StoredFaqItem[]>().notNull().default(sql`'[]'::jsonb`),
    membersCount: integer('members_count').notNull().default(0),
    ratingsCount: integer('ratings_count').notNull().default(0),
    ratingsSum: integer('ratings_sum').notNull().default(0),
    baseScore: doublePrecision('base_score').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('study_groups_owner_idx').on(table.ownerId),
    index('study_groups_rank_idx')
      .on(
        table.category,
        table.baseScore.desc().nullsFirst(),
        table.createdAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      )
      .where(sql`${table.isActive}`),
    index('study_groups_available_idx')
      .on(
        table.baseScore.desc().nullsFirst(),
        table.createdAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      )
      .where(sql`${table.isActive}`),
    index('study_groups_category_idx').on(table.category, table.createdAt.desc().nullsFirst()),
    index('study_groups_search_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    check('study_groups_price', sql`${table.price} >= 0 and (${table.isPaid} or ${table.price} = 0)`),
    check('study_groups_max_members', sql`${table.maxMembers} > 0`),
  ],
);

/**
 * One row per (group, user), kept after leaving (status 'left') so history and re-joins are one row.
 * The owner has no row: ownership alone gives access. An active row whose expires_at has passed is
 * expired: access checks compare it with now().
 */
export const groupMemberships = pgTable(
  'group_memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studyGroupId: uuid('study_group_id')
      .notNull()
      .references(() => studyGroups.id, { onDelete: 'cascade' }),
    userId: userRef(),
    role: text('role', { enum: ['member'] })
      .notNull()
      .default('member'),
    status: text('status', { enum: ['active', 'left'] }).notNull(),
    joinedAt: at('joined_at').notNull().defaultNow(),
    expiresAt: at('expires_at'),
    leftAt: at('left_at'),
    archivedAt: at('archived_at'),
    /** Set while the member does not want to hear of the group's new content. */
    mutedAt: at('muted_at'),
    /** Removed by the owner or a co-teacher (status 'left'): who, when and why (told to the member). */
    removedAt: at('removed_at'),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removalReason: text('removal_reason'),
    /** The expires_at a renewal reminder was sent for: once per paid period (teaching's reminders). */
    renewalRemindedFor: at('renewal_reminded_for'),
  },
  (table) => [
    uniqueIndex('group_memberships_group_user_key').on(table.studyGroupId, table.userId),
    index('group_memberships_user_idx').on(table.userId, table.status),
    index('group_memberships_group_active_idx').on(table.studyGroupId).where(sql`${table.status} = 'active'`),
  ],
);

export const groupRatings = pgTable(
  'group_ratings',
  {
    studyGroupId: uuid('study_group_id')
      .notNull()
      .references(() => studyGroups.id, { onDelete: 'cascade' }),
    userId: userRef(),
    rating: smallint('rating').notNull(),
    /** What the member wrote with the rating ('' when nothing): shown on the group page. */
    comment: text('comment').notNull().default(''),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.studyGroupId, table.userId] }),
    check('group_ratings_range', sql`${table.rating} between 1 and 5`),
  ],
);

/**
 * A payment for a paid group. `provider_ref` is the provider's id (Stripe checkout session; the
 * sandbox's own id); `applied_at` is set, once, in the transaction that opens the membership.
 */
export const groupPayments = pgTable(
  'group_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studyGroupId: uuid('study_group_id')
      .notNull()
      .references(() => studyGroups.id, { onDelete: 'cascade' }),
    /**
     * The buyer; null once their account is erased: an approved payment is kept for the tax records
     * (amount, date, group, provider reference), without anything that names the person.
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerRef: text('provider_ref'),
    method: text('method', { enum: ['card', 'pix'] }).notNull(),
    /** 'refunded': approved, then given back through the provider (refunded_at set, once). */
    status: text('status', { enum: ['pending', 'approved', 'failed', 'refunded'] }).notNull(),
    amount: integer('amount').notNull(),
    /** Cents the provider kept as its fee, as it reported them on approval (issue 36); null: not reported. */
    feeAmount: integer('fee_amount'),
    currency: text('currency', { enum: ['BRL'] })
      .notNull()
      .default('BRL'),
    /** Months bought (the group's subscriptionDuration at the time); null: lifetime. */
    durationMonths: integer('duration_months'),
    createdAt: createdAt(),
    approvedAt: at('approved_at'),
    appliedAt: at('applied_at'),
    /** The membership's end right after this payment was applied (null: lifetime or not applied). */
    accessEndsAt: at('access_ends_at'),
    /** Percent off from an invite link's coupon (the first payment only), and that link. */
    couponPercent: smallint('coupon_percent'),
    inviteLinkId: uuid('invite_link_id'),
    refundedAt: at('refunded_at'),
    refundReason: text('refund_reason'),
    /** The provider's refund id (Stripe `re_…`). */
    refundRef: text('refund_ref'),
    /** Stripe's PaymentIntent of the checkout (refunds and their webhook events name it). */
    paymentIntentRef: text('payment_intent_ref'),
  },
  (table) => [
    index('group_payments_user_group_idx').on(table.userId, table.studyGroupId, table.status),
    uniqueIndex('group_payments_provider_ref_key')
      .on(table.provider, table.providerRef)
      .where(sql`${table.providerRef} is not null`),
  ],
);

/** Webhook events already handled: a second delivery of the same event id changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

export const groupMaterials = pgTable(
  'group_materials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studyGroupId: uuid('study_group_id')
      .notNull()
      .references(() => studyGroups.id, { onDelete: 'cascade' }),
    uploadedBy: userRef('uploaded_by'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Path under DATA_DIR/materials. */
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    downloadCount: integer('download_count').notNull().default(0),
    isVisible: boolean('is_visible').notNull().default(true),
    /** Soft-deleted by the owner or a co-teacher: gone for everyone, purged (row and file) after 30 days. */
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('group_materials_group_idx').on(
      table.studyGroupId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export const forumTopics = pgTable(
  'forum_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studyGroupId: uuid('study_group_id')
      .notNull()
      .references(() => studyGroups.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    /** Closed by moderation: no new replies. */
    isClosed: boolean('is_closed').notNull().default(false),
    /** Moderation: hidden (can be shown again) or deleted; the author sees 'Removido pela moderação'. */
    hiddenAt: at('hidden_at'),
    deletedAt: at('deleted_at'),
    likesCount: integer('likes_count').notNull().default(0),
    repliesCount: integer('replies_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('forum_topics_group_idx').on(
      table.studyGroupId,
      table.isPinned.desc(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export const forumComments = pgTable(
  'forum_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id'),
    content: text('content').notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    hiddenAt: at('hidden_at'),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
  },
  (table) => [index('forum_comments_topic_idx').on(table.topicId, table.createdAt, table.id)],
);

export const forumTopicLikes = pgTable(
  'forum_topic_likes',
  {
    topicId: uuid('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.topicId, table.userId] })],
);

export const forumCommentLikes = pgTable(
  'forum_comment_likes',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => forumComments.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.commentId, table.userId] })],
);

export interface StoredVideoLink {
  title: string;
  url: string;
  type: string;
}

/** A group's videos (the videos feature owns their routes and service). */
export const groupVideos = pgTable(
  'group_videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studyGroupId: uuid('study_group_id')
      .notNull()
      .references(() => studyGroups.id, { onDelete: 'cascade' }),
    uploadedBy: userRef('uploaded_by'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: ['aula', 'exercicios', 'dicas', 'revisao'] }).notNull(),
    videoUrl: text('video_url').notNull(),
    thumbnail: text('thumbnail'),
    /** Seconds. */
    duration: integer('duration').notNull().default(0),
    views: integer('views').notNull().default(0),
    isVisible: boolean('is_visible').notNull().default(true),
    /** Advertiser links: { title, url, type } with type 'download' shown as a download. */
    links: jsonb('links').$type<StoredVideoLink[]>().notNull().default(sql`'[]'::jsonb`),
    /** title and description, lower-case and without accents (see study_groups.search_text). */
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('group_videos_group_idx').on(
      table.studyGroupId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('group_videos_list_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isVisible}`),
    index('group_videos_search_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

/** One view per user per day (Brasília); `views` on the video moves with each new row. */
export const groupVideoViews = pgTable(
  'group_video_views',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => groupVideos.id, { onDelete: 'cascade' }),
    userId: userRef(),
    /** YYYY-MM-DD in America/Sao_Paulo. */
    day: text('day').notNull(),
  },
  (table) => [primaryKey({ columns: [table.videoId, table.userId, table.day] })],
);
