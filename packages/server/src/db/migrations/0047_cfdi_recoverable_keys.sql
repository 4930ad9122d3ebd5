-- Rows a crash left 'pending' before this change hold no document nor key to ask the PAC again: they are taken back
-- (the order can be invoiced again), before the state check that no longer knows 'pending'.
DELETE FROM "invoices" WHERE "state" = 'pending';--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_state_known";--> statement-breakpoint
DROP INDEX "invoices_one_per_order";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "state" SET DEFAULT 'stamping';--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sat_product_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sat_unit_key" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pac" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "stamp_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "document" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_replacement" ON "invoices" USING btree ("related_invoice_id") WHERE "invoices"."kind" = 'I' and "invoices"."state" in ('stamping', 'valid');--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'I' and "invoices"."related_invoice_id" is null and "invoices"."state" in ('stamping', 'valid');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_stamp_key_unique" UNIQUE("stamp_key");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_state_known" CHECK ("invoices"."state" in ('stamping', 'valid', 'cancelled'));