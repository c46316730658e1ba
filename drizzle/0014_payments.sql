CREATE TABLE "billing_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"customer_key" text NOT NULL,
	"billing_key" text NOT NULL,
	"card_summary" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" smallint NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"transaction_key" text,
	"error" text,
	"requested_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"tier" smallint NOT NULL,
	"amount" integer NOT NULL,
	"student_limit" integer,
	"effective_from" date NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"academy_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"agency_id" integer,
	"month" text NOT NULL,
	"base_amount" integer NOT NULL,
	"branch_rate" integer NOT NULL,
	"agency_rate" integer NOT NULL,
	"branch_amount" integer NOT NULL,
	"agency_amount" integer NOT NULL,
	"status" smallint NOT NULL,
	"paid_out_at" timestamp with time zone,
	"paid_out_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "settlement_rate" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "settlement_rate" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "order_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_user_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "window" text DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirm_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fail_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fail_message" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_with" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cash_receipt_identity" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cash_receipt_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cash_receipt_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "depositor_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirmed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_keys" ADD CONSTRAINT "billing_keys_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_keys" ADD CONSTRAINT "billing_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_academy_id_organisations_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_branch_id_organisations_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_paid_out_by_user_id_users_id_fk" FOREIGN KEY ("paid_out_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_keys_active_key" ON "billing_keys" USING btree ("organisation_id") WHERE "billing_keys"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" in (1, 2);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_key" ON "payment_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prices_plan_tier_from_key" ON "prices" USING btree ("plan","tier","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_payment_key" ON "settlements" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "settlements_branch_month_idx" ON "settlements" USING btree ("branch_id","month");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_payment_key_key" ON "payments" USING btree ("payment_key") WHERE "payments"."payment_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_success_key" ON "payments" USING btree ("organisation_id","paid_month","tier") WHERE "payments"."status" = 999 or ("payments"."status" = 1 and "payments"."confirm_started_at" is not null);--> statement-breakpoint
CREATE INDEX "payments_waiting_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."status" = 1;--> statement-breakpoint
UPDATE "organisations" SET "settlement_rate" = 1500 WHERE "kind" = 'branch';
