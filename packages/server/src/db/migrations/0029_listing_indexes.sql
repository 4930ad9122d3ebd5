DROP INDEX "products_shop_type_idx";--> statement-breakpoint
CREATE INDEX "products_shop_type_position_idx" ON "products" USING btree ("shop_id","type","queue_position","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_shop_type_price_idx" ON "products" USING btree ("shop_id","type","list_price","id");--> statement-breakpoint
CREATE INDEX "store_products_shop_position_idx" ON "store_products" USING btree ("shop_id","queue_position");