CREATE TABLE "exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid,
	"requested_by" uuid NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"params" jsonb NOT NULL,
	"locale" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"size_bytes" integer,
	"file_name" text NOT NULL,
	"file_key" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "exports_state_known" CHECK ("exports"."state" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "exports_kind_known" CHECK ("exports"."kind" in ('orders', 'products', 'financial')),
	CONSTRAINT "exports_format_known" CHECK ("exports"."format" in ('csv', 'xlsx'))
);
--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exports_shop_created_idx" ON "exports" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "exports_requester_created_idx" ON "exports" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "products_shop_low_stock_idx" ON "products" USING btree ("shop_id","stock") WHERE "products"."stock_type" = 'onstock';--> statement-breakpoint
CREATE INDEX "commissions_store_state_idx" ON "commissions" USING btree ("store_id","state");--> statement-breakpoint
CREATE INDEX "checkouts_campaign_idx" ON "checkouts" USING btree ("campaign") WHERE "checkouts"."campaign" is not null and "checkouts"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_supplier_sales_idx" ON "orders" USING btree ("supplier_id","created_at","state","total");