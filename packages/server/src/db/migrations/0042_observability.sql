ALTER TABLE "events" ADD COLUMN "trace_context" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "trace_context" text;--> statement-breakpoint
CREATE INDEX "jobs_dead_idx" ON "jobs" USING btree ("done_at") WHERE "jobs"."last_error" is not null and "jobs"."done_at" is not null;