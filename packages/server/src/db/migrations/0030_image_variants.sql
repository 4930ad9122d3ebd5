ALTER TABLE "product_images" ADD COLUMN "large" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "header_webp" text;