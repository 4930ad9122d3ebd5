ALTER TABLE "idempotency_keys" ADD COLUMN "attempt" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "locked_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Purchases paid before this rule may hold several attempts in flight: keep the latest, expire the others.
UPDATE "payments" SET "status" = 'expired', "failure_code" = 'abandoned'
WHERE "status" in ('created', 'requires_action', 'pending')
  AND "id" NOT IN (
    SELECT DISTINCT ON ("checkout_id") "id" FROM "payments"
    WHERE "status" in ('created', 'requires_action', 'pending')
    ORDER BY "checkout_id", "created_at" DESC
  );--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_in_flight_idx" ON "payments" USING btree ("checkout_id") WHERE "payments"."status" in ('created', 'requires_action', 'pending');