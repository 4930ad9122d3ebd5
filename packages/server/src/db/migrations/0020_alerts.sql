CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"origin_app" text NOT NULL,
	"params" jsonb NOT NULL,
	"message_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visited_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_recipient_created_idx" ON "alerts" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_recipient_pending_idx" ON "alerts" USING btree ("recipient_id") WHERE "alerts"."visited_at" is null;