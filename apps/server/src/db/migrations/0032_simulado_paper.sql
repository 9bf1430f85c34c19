CREATE TABLE "simulado_paper_guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"simulado_id" uuid NOT NULL,
	"guest_name" text NOT NULL,
	"answers" jsonb NOT NULL,
	"entered_by" uuid,
	"entered_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "simulado_attempts" ADD COLUMN "on_paper" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "simulado_paper_guests" ADD CONSTRAINT "simulado_paper_guests_simulado_id_simulados_id_fk" FOREIGN KEY ("simulado_id") REFERENCES "public"."simulados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulado_paper_guests" ADD CONSTRAINT "simulado_paper_guests_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "simulado_paper_guests_name_key" ON "simulado_paper_guests" USING btree ("simulado_id",lower("guest_name"));