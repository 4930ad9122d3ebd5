ALTER TABLE "users" ADD COLUMN "coordinator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "coordinator_requested_at" timestamp with time zone;