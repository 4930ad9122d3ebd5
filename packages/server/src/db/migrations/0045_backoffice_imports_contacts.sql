ALTER TABLE "products" ADD COLUMN "length_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_shop_unread_idx" ON "contacts" USING btree ("shop_id") WHERE "contacts"."unread" > 0;--> statement-breakpoint
CREATE INDEX "contacts_owner_unread_idx" ON "contacts" USING btree ("owner_id") WHERE "contacts"."unread" > 0;--> statement-breakpoint
-- The contacts backfill (modules/contacts/backfill.ts): queued only where events recorded before the contacts module
-- have no delivery for its subscribers; the job delivers each of them once.
INSERT INTO "jobs" ("kind", "payload", "run_at")
SELECT 'contacts_backfill', '{}'::jsonb, now()
WHERE EXISTS (
  SELECT 1
  FROM "events" e
  JOIN (VALUES ('contact.message_received', 'contacts.message'), ('purchase.paid', 'contacts.buyer'), ('referral.user_referred', 'contacts.referred')) AS s ("type", subscriber)
    ON s."type" = e."type"
  WHERE NOT EXISTS (SELECT 1 FROM "event_deliveries" d WHERE d."event_id" = e."id" AND d."subscriber" = s.subscriber)
);
