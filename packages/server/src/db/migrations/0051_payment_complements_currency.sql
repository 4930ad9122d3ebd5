ALTER TABLE "invoices" DROP CONSTRAINT "invoices_kind_known";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "replaces_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "exchange_rate" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_method" text DEFAULT 'PUE' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_note_replacement" ON "invoices" USING btree ("replaces_id") WHERE "invoices"."state" in ('stamping', 'valid');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_key_unique" UNIQUE("payment_key");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_method_known" CHECK ("invoices"."payment_method" in ('PUE', 'PPD'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_known" CHECK ("invoices"."kind" in ('I', 'E', 'P'));