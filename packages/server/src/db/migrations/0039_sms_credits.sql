CREATE TABLE "sms_accounts" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"runout_alerted_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_accounts_balance_not_negative" CHECK ("sms_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"source_key" text NOT NULL,
	"package_id" text,
	"recipient" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_entries_source_key_unique" UNIQUE("source_key"),
	CONSTRAINT "sms_entries_balance_after_not_negative" CHECK ("sms_entries"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"provider_ref" text,
	"failure_code" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"package_id" text NOT NULL,
	"credits" integer NOT NULL,
	"payment_token" text NOT NULL,
	"state" text DEFAULT 'pending_payment' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_purchases_payment_token_unique" UNIQUE("payment_token")
);
--> statement-breakpoint
ALTER TABLE "sms_accounts" ADD CONSTRAINT "sms_accounts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_entries" ADD CONSTRAINT "sms_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_payments" ADD CONSTRAINT "sms_payments_purchase_id_sms_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."sms_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_purchases" ADD CONSTRAINT "sms_purchases_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_purchases" ADD CONSTRAINT "sms_purchases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_entries_shop_idx" ON "sms_entries" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_payments_purchase_idx" ON "sms_payments" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_payments_one_in_flight_idx" ON "sms_payments" USING btree ("purchase_id") WHERE "sms_payments"."status" in ('created', 'requires_action');--> statement-breakpoint
CREATE UNIQUE INDEX "sms_purchases_one_open_idx" ON "sms_purchases" USING btree ("shop_id","package_id") WHERE "sms_purchases"."state" = 'pending_payment';