CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"order_id" uuid,
	"refund_id" uuid,
	"related_invoice_id" uuid,
	"kind" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"series" text NOT NULL,
	"folio" integer NOT NULL,
	"number" text NOT NULL,
	"uuid" text,
	"issuer_rfc" text NOT NULL,
	"issuer_name" text NOT NULL,
	"receiver_rfc" text NOT NULL,
	"receiver_name" text NOT NULL,
	"cfdi_use" text NOT NULL,
	"customer_id" uuid,
	"customer_email" text,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"xml" text,
	"stamp" jsonb,
	"covered_order_ids" jsonb,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stamped_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "invoices_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "invoices_shop_series_folio" UNIQUE("shop_id","series","folio"),
	CONSTRAINT "invoices_kind_known" CHECK ("invoices"."kind" in ('I', 'E')),
	CONSTRAINT "invoices_state_known" CHECK ("invoices"."state" in ('pending', 'valid', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "shop_fiscal_profiles" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"rfc" text NOT NULL,
	"legal_name" text NOT NULL,
	"tax_regime" text NOT NULL,
	"postal_code" text NOT NULL,
	"series" text NOT NULL,
	"next_folio" integer DEFAULT 1 NOT NULL,
	"tax_rate" text DEFAULT 'iva16' NOT NULL,
	"auto_invoice" boolean DEFAULT false NOT NULL,
	"pac" text DEFAULT 'sandbox' NOT NULL,
	"pac_key_sealed" text,
	"pac_key_hint" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_fiscal_profiles" ADD CONSTRAINT "shop_fiscal_profiles_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'I' and "invoices"."state" in ('pending', 'valid');--> statement-breakpoint
CREATE INDEX "invoices_shop_created_idx" ON "invoices" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id","created_at");