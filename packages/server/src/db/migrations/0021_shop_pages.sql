CREATE TABLE "shop_pages" (
	"shop_id" uuid NOT NULL,
	"page" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_pages_shop_id_page_pk" PRIMARY KEY("shop_id","page")
);
--> statement-breakpoint
ALTER TABLE "shop_pages" ADD CONSTRAINT "shop_pages_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;