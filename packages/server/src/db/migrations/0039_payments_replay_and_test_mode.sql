ALTER TABLE "payments" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "action_url" text;--> statement-breakpoint
CREATE INDEX "payments_request_key_idx" ON "payments" USING btree ("request_key");