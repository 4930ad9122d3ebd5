CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"phone" text,
	"country_code" text,
	"country" text,
	"full_name" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"image" text,
	"user_level" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"original" text NOT NULL,
	"thumb" text NOT NULL,
	"card" text NOT NULL,
	"alt" text
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"main_type" text DEFAULT 'business' NOT NULL,
	"list_price" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'MXN' NOT NULL,
	"crossout_price" integer,
	"hide_price" boolean DEFAULT false NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"is_dropshipping" boolean DEFAULT false NOT NULL,
	"contribution_margin" integer,
	"list_state" text DEFAULT 'published' NOT NULL,
	"hiden" boolean DEFAULT false NOT NULL,
	"queue_position" integer DEFAULT 0 NOT NULL,
	"stock" integer,
	"stock_type" text DEFAULT 'onstock' NOT NULL,
	"max_purchase_amount" integer,
	"experience_date" timestamp with time zone,
	"variants" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"return_info" jsonb DEFAULT '{"return_type":"disallowed"}'::jsonb NOT NULL,
	"weight_grams" integer DEFAULT 500 NOT NULL,
	"category" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_shop_slug_unique" UNIQUE("shop_id","slug"),
	CONSTRAINT "products_stock_not_negative" CHECK ("products"."stock" IS NULL OR "products"."stock" >= 0),
	CONSTRAINT "products_price_not_negative" CHECK ("products"."list_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_products" (
	"shop_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"queue_position" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_products_shop_id_product_id_pk" PRIMARY KEY("shop_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "shop_members" (
	"shop_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "shop_members_shop_id_user_id_role_pk" PRIMARY KEY("shop_id","user_id","role")
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"photo" text,
	"photo_display" text DEFAULT 'cir' NOT NULL,
	"header" text,
	"favicon" text,
	"bgcolor" text,
	"darkmode" boolean DEFAULT true NOT NULL,
	"hidden_darkmode" boolean DEFAULT false NOT NULL,
	"hidden_store_name" boolean DEFAULT false NOT NULL,
	"hidden_search_bar" boolean DEFAULT false NOT NULL,
	"hidden_affinity_xheader" boolean DEFAULT false NOT NULL,
	"canonical_url" text,
	"canonical_domain" text,
	"seo_description" text,
	"store_type" text,
	"is_proxy" boolean DEFAULT false NOT NULL,
	"fb_pixel" text,
	"live_chat_license" text,
	"whatsapp_country_code" text,
	"whatsapp_phone" text,
	"contact_email" text,
	"contact_phone" text,
	"contact_country_code" text,
	"users_support_url" text,
	"about_entry_id" text,
	"footer_bg" text,
	"footer_fg" text,
	"footer_style" text DEFAULT 'default' NOT NULL,
	"facebook" text,
	"instagram" text,
	"twitter" text,
	"youtube" text,
	"twitch" text,
	"kick" text,
	"discord" text,
	"adornment_type" text,
	"affiliate_landing" text,
	"dssupplier_landing" text,
	"hidden_affiliate_banner" boolean DEFAULT false NOT NULL,
	"hidden_dssupplier_banner" boolean DEFAULT false NOT NULL,
	"dssupplier_banner" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"currency" text DEFAULT 'MXN' NOT NULL,
	"root_shop_id" uuid,
	"store_theme_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shops_slug_unique" UNIQUE("slug"),
	CONSTRAINT "shops_canonical_domain_unique" UNIQUE("canonical_domain")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_members" ADD CONSTRAINT "shop_members_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_members" ADD CONSTRAINT "shop_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "products_shop_type_idx" ON "products" USING btree ("shop_id","type","queue_position");--> statement-breakpoint
CREATE INDEX "shops_owner_idx" ON "shops" USING btree ("owner_id");