CREATE TABLE "package_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"provider_ref" text,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"package_id" text NOT NULL,
	"payment_token" text NOT NULL,
	"state" text DEFAULT 'pending_payment' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_purchases_payment_token_unique" UNIQUE("payment_token")
);
--> statement-breakpoint
CREATE TABLE "signup_intents" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"plan_id" text,
	"landing_code" text,
	"package_code" text,
	"referral_id" text,
	"click_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "package_payments" ADD CONSTRAINT "package_payments_purchase_id_package_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."package_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_intents" ADD CONSTRAINT "signup_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_payments_purchase_idx" ON "package_payments" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_payments_one_in_flight_idx" ON "package_payments" USING btree ("purchase_id") WHERE "package_payments"."status" in ('created', 'requires_action');--> statement-breakpoint
CREATE UNIQUE INDEX "package_purchases_one_open_idx" ON "package_purchases" USING btree ("user_id","package_id") WHERE "package_purchases"."state" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "package_purchases_user_idx" ON "package_purchases" USING btree ("user_id","valid_until");