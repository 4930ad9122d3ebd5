CREATE TABLE "commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_item_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"beneficiary_id" uuid NOT NULL,
	"source" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_margin" integer NOT NULL,
	"rate" numeric(5, 4) NOT NULL,
	"amount" integer NOT NULL,
	"reversed_amount" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"available_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "commissions_order_item_unique" UNIQUE("order_item_id"),
	CONSTRAINT "commissions_state_known" CHECK ("commissions"."state" in ('pending', 'available', 'paid', 'reversed')),
	CONSTRAINT "commissions_source_known" CHECK ("commissions"."source" in ('reseller', 'promoter')),
	CONSTRAINT "commissions_amounts_sane" CHECK ("commissions"."amount" >= 0 and "commissions"."reversed_amount" between 0 and "commissions"."amount")
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_supplier_id_shops_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_store_id_shops_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_beneficiary_id_users_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissions_beneficiary_idx" ON "commissions" USING btree ("beneficiary_id","created_at");--> statement-breakpoint
CREATE INDEX "commissions_supplier_state_idx" ON "commissions" USING btree ("supplier_id","state");--> statement-breakpoint
CREATE INDEX "commissions_order_idx" ON "commissions" USING btree ("order_id");