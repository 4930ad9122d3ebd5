ALTER TABLE "users" ADD COLUMN "coordinator_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "coordinator_refusal_reason" text;