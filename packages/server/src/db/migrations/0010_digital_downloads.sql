CREATE TABLE "digital_files" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_counts" (
	"order_item_id" uuid PRIMARY KEY NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"last_downloaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "download_counts_used_not_negative" CHECK ("download_counts"."used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "digital_files" ADD CONSTRAINT "digital_files_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_files" ADD CONSTRAINT "digital_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_counts" ADD CONSTRAINT "download_counts_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;