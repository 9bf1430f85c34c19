import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
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

// Flashcard decks ('Cartões', issue 42): decks a student imported from Anki, each card reviewed
// with FSRS like the caderno's entries. A teacher may share a deck with a group they teach; each
// member keeps a schedule of their own (`deck_card_states`), and suggests edits the owner accepts.

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const userRef = (name = 'user_id') =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const decks = pgTable(
  'decks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: userRef('owner_id'),
    name: text('name').notNull(),
    /** The group the owner shared it with (members see and review it); null: personal. */
    sharedGroupId: uuid('shared_group_id').references(() => studyGroups.id, { onDelete: 'set null' }),
    cardsCount: integer('cards_count').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('decks_owner_idx').on(table.ownerId, table.createdAt),
    index('decks_shared_group_idx').on(table.sharedGroupId),
  ],
);

/** One card: plain text front and back (Anki's HTML is turned into text on import). */
export const deckCards = pgTable(
  'deck_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    front: text('front').notNull(),
    back: text('back').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Issue 42: the images each side shows (the package's media its fields name): the importer's own
     * `card_image` uploads at `/media/cards/`, served to whoever sees the deck, through the image rule.
     */
    frontImages: text('front_images').array().notNull().default(sql`'{}'::text[]`),
    backImages: text('back_images').array().notNull().default(sql`'{}'::text[]`),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('deck_cards_deck_position_key').on(table.deckId, table.position)],
);

/** A person's FSRS card for a deck card; no row yet: a new card, due since the card exists. */
export const deckCardStates = pgTable(
  'deck_card_states',
  {
    userId: userRef(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => deckCards.id, { onDelete: 'cascade' }),
    due: instant('due').notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs `State`: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint('state').notNull().default(0),
    lastReview: instant('last_review'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.cardId] }),
    index('deck_card_states_user_due_idx').on(table.userId, table.due),
  ],
);

/** Each review of a deck card, once per `client_id`; the card is their replay (like review_logs). */
export const deckReviewLogs = pgTable(
  'deck_review_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => deckCards.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    /** ts-fsrs `Rating`: 1 again, 2 hard, 3 good, 4 easy. */
    rating: smallint('rating').notNull(),
    reviewedAt: instant('reviewed_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deck_review_logs_user_client_key').on(table.userId, table.clientId),
    index('deck_review_logs_card_idx').on(table.cardId, table.userId),
    check('deck_review_logs_rating_range', sql`${table.rating} between 1 and 4`),
  ],
);

/** A member's suggested edit of a shared card, for the deck's owner to accept or reject. */
export const deckCardSuggestions = pgTable(
  'deck_card_suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => deckCards.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id'),
    front: text('front').notNull(),
    back: text('back').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: instant('created_at').notNull().defaultNow(),
    decidedAt: instant('decided_at'),
  },
  (table) => [index('deck_card_suggestions_card_idx').on(table.cardId, table.status)],
);
