ALTER TABLE "deck_cards" ADD COLUMN "front_images" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "deck_cards" ADD COLUMN "back_images" text[] DEFAULT '{}'::text[] NOT NULL;