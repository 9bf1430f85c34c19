CREATE TABLE "media_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"uploader_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_uploads_uploader_idx" ON "media_uploads" USING btree ("uploader_id");--> statement-breakpoint
CREATE INDEX "posts_media_urls_idx" ON "posts" USING gin ("media_urls");--> statement-breakpoint
CREATE INDEX "login_failures_created_idx" ON "login_failures" USING btree ("created_at");