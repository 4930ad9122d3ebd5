ALTER TABLE "orders" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_supplier_state_updated_idx" ON "orders" USING btree ("supplier_id","state","updated_at");--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
UPDATE "orders" o SET "search_text" = lower(concat_ws(' ', coalesce(nullif(u."full_name", ''), c."guest_name"), coalesce(u."email", c."guest_email"),
  (SELECT string_agg(i."name", ' ') FROM "order_items" i WHERE i."order_id" = o."id")))
FROM "checkouts" c LEFT JOIN "users" u ON u."id" = c."customer_id" WHERE c."id" = o."checkout_id";
