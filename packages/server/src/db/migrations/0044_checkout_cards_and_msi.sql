CREATE TABLE "checkout_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"account_id" uuid,
	"gateway_token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"payment_id" uuid NOT NULL,
	"validated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "instalments" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "instalments" integer;--> statement-breakpoint
ALTER TABLE "checkout_cards" ADD CONSTRAINT "checkout_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_cards" ADD CONSTRAINT "checkout_cards_account_id_payment_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_cards" ADD CONSTRAINT "checkout_cards_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_cards_user_idx" ON "checkout_cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_cards_payment_idx" ON "checkout_cards" USING btree ("payment_id");