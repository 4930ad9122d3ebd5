CREATE TABLE "blog_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"author_id" uuid,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"cover_image" text,
	"cover_image_id" uuid,
	"body" jsonb NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_entries" ADD CONSTRAINT "blog_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_entries" ADD CONSTRAINT "blog_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_entries_shop_slug_idx" ON "blog_entries" USING btree ("shop_id","slug");--> statement-breakpoint
CREATE INDEX "blog_entries_shop_state_updated_idx" ON "blog_entries" USING btree ("shop_id","state","updated_at" DESC NULLS LAST);