CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"body" text NOT NULL,
	"author_id" uuid,
	"sent_via" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contact_messages_direction_known" CHECK ("contact_messages"."direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "contact_tag_links" (
	"contact_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "contact_tag_links_contact_id_tag_id_pk" PRIMARY KEY("contact_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "contact_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid,
	"owner_id" uuid,
	"tag" text NOT NULL,
	CONSTRAINT "contact_tags_one_owner" CHECK (("contact_tags"."shop_id" is null) <> ("contact_tags"."owner_id" is null))
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid,
	"owner_id" uuid,
	"person_id" uuid,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"first_interaction_at" timestamp with time zone NOT NULL,
	"last_interaction_at" timestamp with time zone NOT NULL,
	"total_bought" bigint DEFAULT 0 NOT NULL,
	"currency" text,
	"purchases" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"campaign_id" uuid,
	"customer_by_campaign" boolean DEFAULT false NOT NULL,
	"registered_by_campaign" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contacts_one_owner" CHECK (("contacts"."shop_id" is null) <> ("contacts"."owner_id" is null))
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tag_links" ADD CONSTRAINT "contact_tag_links_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tag_links" ADD CONSTRAINT "contact_tag_links_tag_id_contact_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."contact_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_contact_idx" ON "contact_messages" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_tag_links_tag_idx" ON "contact_tag_links" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_tags_shop_tag_idx" ON "contact_tags" USING btree ("shop_id",lower("tag")) WHERE "contact_tags"."shop_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_tags_owner_tag_idx" ON "contact_tags" USING btree ("owner_id",lower("tag")) WHERE "contact_tags"."owner_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_shop_person_idx" ON "contacts" USING btree ("shop_id","person_id") WHERE "contacts"."person_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_shop_email_idx" ON "contacts" USING btree ("shop_id","email") WHERE "contacts"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_owner_person_idx" ON "contacts" USING btree ("owner_id","person_id") WHERE "contacts"."person_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_owner_email_idx" ON "contacts" USING btree ("owner_id","email") WHERE "contacts"."email" is not null;--> statement-breakpoint
CREATE INDEX "contacts_shop_last_idx" ON "contacts" USING btree ("shop_id","last_interaction_at");--> statement-breakpoint
CREATE INDEX "contacts_owner_created_idx" ON "contacts" USING btree ("owner_id","created_at");