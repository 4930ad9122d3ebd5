CREATE TABLE "shop_collaborators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"username" text NOT NULL,
	"channel" text NOT NULL,
	"profiles" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"user_id" uuid,
	"invited_by" uuid,
	"sent_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_collaborators_shop_username_key" UNIQUE("shop_id","username")
);
--> statement-breakpoint
ALTER TABLE "shop_collaborators" ADD CONSTRAINT "shop_collaborators_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_collaborators" ADD CONSTRAINT "shop_collaborators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_collaborators" ADD CONSTRAINT "shop_collaborators_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_collaborators_username_idx" ON "shop_collaborators" USING btree ("username");--> statement-breakpoint
CREATE INDEX "shop_collaborators_user_idx" ON "shop_collaborators" USING btree ("user_id");