CREATE TABLE "wallet_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"source_key" text NOT NULL,
	"reason" text,
	"commission_id" uuid,
	"payout_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_entries_source_unique" UNIQUE("source_key"),
	CONSTRAINT "wallet_entries_kind_known" CHECK ("wallet_entries"."kind" in ('commission', 'payout', 'payout_returned', 'reversal')),
	CONSTRAINT "wallet_entries_amount_nonzero" CHECK ("wallet_entries"."amount" <> 0),
	CONSTRAINT "wallet_entries_balance_not_negative" CHECK ("wallet_entries"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"clabe" text NOT NULL,
	"bank_code" text NOT NULL,
	"holder_name" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"clabe" text NOT NULL,
	"holder_name" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"state" text NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "wallet_payouts_request_unique" UNIQUE("wallet_id","request_id"),
	CONSTRAINT "wallet_payouts_state_known" CHECK ("wallet_payouts"."state" in ('requested', 'sent', 'settled', 'failed')),
	CONSTRAINT "wallet_payouts_amount_positive" CHECK ("wallet_payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallets_user_currency_unique" UNIQUE("user_id","currency"),
	CONSTRAINT "wallets_balance_not_negative" CHECK ("wallets"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "commissions" DROP CONSTRAINT "commissions_source_known";--> statement-breakpoint
ALTER TABLE "commissions" ALTER COLUMN "order_item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ALTER COLUMN "supplier_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ALTER COLUMN "store_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "membership_charge_id" uuid;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "membership_source" text;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "membership_plan_id" text;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "paid_via" text;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_payout_accounts" ADD CONSTRAINT "wallet_payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_payouts" ADD CONSTRAINT "wallet_payouts_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_entries_wallet_idx" ON "wallet_entries" USING btree ("wallet_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_payouts_state_idx" ON "wallet_payouts" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_membership_charge_unique" UNIQUE("membership_charge_id");--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_sale_or_membership" CHECK (("commissions"."order_item_id" is not null and "commissions"."order_id" is not null and "commissions"."supplier_id" is not null and "commissions"."store_id" is not null) or "commissions"."membership_charge_id" is not null);--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_source_known" CHECK ("commissions"."source" in ('reseller', 'promoter', 'membership'));