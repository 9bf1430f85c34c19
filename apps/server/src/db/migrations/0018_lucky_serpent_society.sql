ALTER TABLE "group_payments" ADD COLUMN "access_ends_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "group_payments" ADD COLUMN "coupon_percent" smallint;--> statement-breakpoint
ALTER TABLE "group_payments" ADD COLUMN "invite_link_id" uuid;--> statement-breakpoint
ALTER TABLE "group_payments" ADD COLUMN "refunded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "group_payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "group_payments" ADD COLUMN "refund_ref" text;