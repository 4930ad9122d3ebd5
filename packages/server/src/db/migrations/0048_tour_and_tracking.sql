ALTER TABLE "users" ADD COLUMN "show_tour" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "gclid" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "fbclid" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "referral_slug" text;--> statement-breakpoint
ALTER TABLE "signup_intents" ADD COLUMN "gclid" text;--> statement-breakpoint
ALTER TABLE "signup_intents" ADD COLUMN "fbclid" text;--> statement-breakpoint
ALTER TABLE "signup_intents" ADD COLUMN "referral_slug" text;--> statement-breakpoint
-- Accounts made before the tour have run their shops already: the first-visit tour is for accounts made from now on.
UPDATE "users" SET "show_tour" = false;
