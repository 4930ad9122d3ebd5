CREATE TABLE "order_bin_items" (
	"bin_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_bin_items_bin_id_order_item_id_pk" PRIMARY KEY("bin_id","order_item_id"),
	CONSTRAINT "order_bin_items_quantity_positive" CHECK ("order_bin_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_bins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_bins_order_number" UNIQUE("order_id","number")
);
--> statement-breakpoint
ALTER TABLE "order_bin_items" ADD CONSTRAINT "order_bin_items_bin_id_order_bins_id_fk" FOREIGN KEY ("bin_id") REFERENCES "public"."order_bins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_bin_items" ADD CONSTRAINT "order_bin_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_bins" ADD CONSTRAINT "order_bins_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_bins" ADD CONSTRAINT "order_bins_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_bin_items_item_idx" ON "order_bin_items" USING btree ("order_item_id");