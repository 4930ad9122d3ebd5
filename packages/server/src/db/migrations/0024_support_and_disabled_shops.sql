CREATE TABLE "advisors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_code" text DEFAULT '52' NOT NULL,
	"phone" text NOT NULL,
	"whatsapp_phone" text,
	"email" text NOT NULL,
	"chat_url" text,
	"last_heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_admins" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_disablements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"disabled_by" uuid,
	"disabled_at" timestamp with time zone NOT NULL,
	"enabled_by" uuid,
	"enabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_support" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"advisor_id" uuid,
	"franchise_support_url" text,
	"affiliate_support_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advisors" ADD CONSTRAINT "advisors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_admins" ADD CONSTRAINT "platform_admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_disablements" ADD CONSTRAINT "shop_disablements_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_disablements" ADD CONSTRAINT "shop_disablements_disabled_by_users_id_fk" FOREIGN KEY ("disabled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_disablements" ADD CONSTRAINT "shop_disablements_enabled_by_users_id_fk" FOREIGN KEY ("enabled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_support" ADD CONSTRAINT "shop_support_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_support" ADD CONSTRAINT "shop_support_advisor_id_advisors_user_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_disablements_shop_idx" ON "shop_disablements" USING btree ("shop_id","disabled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_disablements_open_idx" ON "shop_disablements" USING btree ("shop_id") WHERE "shop_disablements"."enabled_at" is null;