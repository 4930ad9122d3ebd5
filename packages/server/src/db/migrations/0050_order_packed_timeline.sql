ALTER TABLE "order_events" ADD COLUMN "kind" text DEFAULT 'state' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "boxes" integer;