CREATE TABLE "friend_streaks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"addressee_id" uuid NOT NULL,
	"pair_key" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"accepted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "room_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"inviter_id" uuid NOT NULL,
	"invitee_id" uuid NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_presence" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"room_id" uuid NOT NULL,
	"subject" text,
	"goal" text,
	"joined_at" timestamp (3) with time zone NOT NULL,
	"last_seen_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reaction" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"invisible" boolean DEFAULT false NOT NULL,
	"league_opt_in" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_block_heartbeats" (
	"block_id" uuid NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"visible" boolean NOT NULL,
	CONSTRAINT "study_block_heartbeats_block_id_at_pk" PRIMARY KEY("block_id","at")
);
--> statement-breakpoint
CREATE TABLE "study_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"room_id" uuid,
	"subject" text,
	"started_at" timestamp (3) with time zone NOT NULL,
	"last_sign_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"verified_minutes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"slug" text,
	"study_group_id" uuid,
	"owner_id" uuid,
	"focus_minutes" integer NOT NULL,
	"break_minutes" integer NOT NULL,
	"cycle_started_at" timestamp (3) with time zone NOT NULL,
	"league_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "study_rooms_focus_range" CHECK ("study_rooms"."focus_minutes" between 15 and 90),
	CONSTRAINT "study_rooms_break_range" CHECK ("study_rooms"."break_minutes" between 5 and 30)
);
--> statement-breakpoint
ALTER TABLE "friend_streaks" ADD CONSTRAINT "friend_streaks_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_streaks" ADD CONSTRAINT "friend_streaks_addressee_id_users_id_fk" FOREIGN KEY ("addressee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_invites" ADD CONSTRAINT "room_invites_room_id_study_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."study_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_invites" ADD CONSTRAINT "room_invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_invites" ADD CONSTRAINT "room_invites_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_presence" ADD CONSTRAINT "room_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_presence" ADD CONSTRAINT "room_presence_room_id_study_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."study_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_reactions" ADD CONSTRAINT "room_reactions_room_id_study_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."study_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_reactions" ADD CONSTRAINT "room_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_settings" ADD CONSTRAINT "room_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_block_heartbeats" ADD CONSTRAINT "study_block_heartbeats_block_id_study_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."study_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_blocks" ADD CONSTRAINT "study_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_blocks" ADD CONSTRAINT "study_blocks_room_id_study_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."study_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_rooms" ADD CONSTRAINT "study_rooms_study_group_id_study_groups_id_fk" FOREIGN KEY ("study_group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_rooms" ADD CONSTRAINT "study_rooms_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "friend_streaks_pair_idx" ON "friend_streaks" USING btree ("pair_key");--> statement-breakpoint
CREATE INDEX "friend_streaks_requester_idx" ON "friend_streaks" USING btree ("requester_id");--> statement-breakpoint
CREATE INDEX "friend_streaks_addressee_idx" ON "friend_streaks" USING btree ("addressee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_invites_room_invitee_idx" ON "room_invites" USING btree ("room_id","invitee_id");--> statement-breakpoint
CREATE INDEX "room_presence_room_idx" ON "room_presence" USING btree ("room_id","joined_at");--> statement-breakpoint
CREATE INDEX "room_reactions_room_idx" ON "room_reactions" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "study_blocks_user_started_idx" ON "study_blocks" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "study_rooms_slug_idx" ON "study_rooms" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "study_rooms_group_idx" ON "study_rooms" USING btree ("study_group_id");--> statement-breakpoint
CREATE INDEX "study_rooms_owner_idx" ON "study_rooms" USING btree ("owner_id");