CREATE TABLE "bulk_adds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"key" text NOT NULL,
	"catalogue_id" uuid,
	"filters" jsonb NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"cursor" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_adds_shop_key_unique" UNIQUE("shop_id","key")
);
--> statement-breakpoint
CREATE TABLE "dropshipping_policies" (
	"supplier_shop_id" uuid PRIMARY KEY NOT NULL,
	"audience" text DEFAULT 'all' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dropshipping_policies_audience" CHECK ("dropshipping_policies"."audience" in ('all', 'approved'))
);
--> statement-breakpoint
CREATE TABLE "reseller_access" (
	"supplier_shop_id" uuid NOT NULL,
	"reseller_shop_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "reseller_access_supplier_shop_id_reseller_shop_id_pk" PRIMARY KEY("supplier_shop_id","reseller_shop_id"),
	CONSTRAINT "reseller_access_state" CHECK ("reseller_access"."state" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "bulk_adds" ADD CONSTRAINT "bulk_adds_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_adds" ADD CONSTRAINT "bulk_adds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_adds" ADD CONSTRAINT "bulk_adds_catalogue_id_catalogues_id_fk" FOREIGN KEY ("catalogue_id") REFERENCES "public"."catalogues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropshipping_policies" ADD CONSTRAINT "dropshipping_policies_supplier_shop_id_shops_id_fk" FOREIGN KEY ("supplier_shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_access" ADD CONSTRAINT "reseller_access_supplier_shop_id_shops_id_fk" FOREIGN KEY ("supplier_shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_access" ADD CONSTRAINT "reseller_access_reseller_shop_id_shops_id_fk" FOREIGN KEY ("reseller_shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reseller_access_reseller_idx" ON "reseller_access" USING btree ("reseller_shop_id","state");--> statement-breakpoint
CREATE INDEX "products_dropshipping_margin_idx" ON "products" USING btree ("type","contribution_margin" DESC NULLS LAST,"id") WHERE "products"."is_dropshipping";--> statement-breakpoint
CREATE INDEX "products_dropshipping_shop_idx" ON "products" USING btree ("shop_id","type","contribution_margin" DESC NULLS LAST) WHERE "products"."is_dropshipping";--> statement-breakpoint
CREATE INDEX "products_dropshipping_category_idx" ON "products" USING btree ("category","type","contribution_margin" DESC NULLS LAST) WHERE "products"."is_dropshipping";