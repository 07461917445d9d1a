CREATE TABLE "consignment_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"payee_id" integer NOT NULL,
	"contract_no" text NOT NULL,
	"amount_limit" bigint NOT NULL,
	"remark" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"review_note" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "controlled_tranches" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"source_ref" text NOT NULL,
	"amount" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"entry_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "controlled_tranches_paid_range" CHECK ("controlled_tranches"."paid" >= 0 and "controlled_tranches"."paid" <= "controlled_tranches"."amount")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"memo" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"side" text NOT NULL,
	"amount" bigint NOT NULL,
	"enterprise_id" integer,
	"bucket" text,
	"flow_type" text NOT NULL,
	"counterparty_name" text,
	"counterparty_account" text,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_lines_amount_positive" CHECK ("journal_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"normal_side" text NOT NULL,
	"enterprise_id" integer,
	"bucket" text,
	"balance" bigint DEFAULT 0 NOT NULL,
	"line_count" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_enterprise_not_negative" CHECK ("ledger_accounts"."enterprise_id" is null or "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_enterprise_has_bucket" CHECK (("ledger_accounts"."enterprise_id" is null) = ("ledger_accounts"."bucket" is null))
);
--> statement-breakpoint
CREATE TABLE "payees" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"name" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_no" text NOT NULL,
	"relation" text DEFAULT 'UPSTREAM' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"pending_change" jsonb,
	"review_note" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "targeted_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"tranche_id" integer NOT NULL,
	"payee_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"purpose" text,
	"entry_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virtual_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"account_no" text NOT NULL,
	"available_account_id" integer NOT NULL,
	"frozen_account_id" integer NOT NULL,
	"controlled_account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"bank_name" text NOT NULL,
	"bank_account_no" text NOT NULL,
	"bank_account_name" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"request_entry_id" integer NOT NULL,
	"settle_entry_id" integer,
	"requested_by" integer,
	"decided_by" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "consignment_applications" ADD CONSTRAINT "consignment_applications_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_applications" ADD CONSTRAINT "consignment_applications_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_applications" ADD CONSTRAINT "consignment_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_applications" ADD CONSTRAINT "consignment_applications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controlled_tranches" ADD CONSTRAINT "controlled_tranches_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controlled_tranches" ADD CONSTRAINT "controlled_tranches_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payees" ADD CONSTRAINT "payees_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payees" ADD CONSTRAINT "payees_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targeted_payments" ADD CONSTRAINT "targeted_payments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targeted_payments" ADD CONSTRAINT "targeted_payments_tranche_id_controlled_tranches_id_fk" FOREIGN KEY ("tranche_id") REFERENCES "public"."controlled_tranches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targeted_payments" ADD CONSTRAINT "targeted_payments_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targeted_payments" ADD CONSTRAINT "targeted_payments_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targeted_payments" ADD CONSTRAINT "targeted_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_available_account_id_ledger_accounts_id_fk" FOREIGN KEY ("available_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_frozen_account_id_ledger_accounts_id_fk" FOREIGN KEY ("frozen_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_controlled_account_id_ledger_accounts_id_fk" FOREIGN KEY ("controlled_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_request_entry_id_journal_entries_id_fk" FOREIGN KEY ("request_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_settle_entry_id_journal_entries_id_fk" FOREIGN KEY ("settle_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consignment_enterprise" ON "consignment_applications" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE INDEX "consignment_status" ON "consignment_applications" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "controlled_tranches_enterprise" ON "controlled_tranches" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE INDEX "journal_entries_kind" ON "journal_entries" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "journal_lines_entry" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_account" ON "journal_lines" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "journal_lines_flows" ON "journal_lines" USING btree ("enterprise_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "journal_lines"."enterprise_id" is not null and "journal_lines"."bucket" <> 'FROZEN';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_enterprise_bucket" ON "ledger_accounts" USING btree ("enterprise_id","bucket");--> statement-breakpoint
CREATE INDEX "payees_enterprise" ON "payees" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE INDEX "payees_status" ON "payees" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "targeted_payments_enterprise" ON "targeted_payments" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE INDEX "targeted_payments_tranche" ON "targeted_payments" USING btree ("tranche_id");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_enterprise" ON "virtual_accounts" USING btree ("enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_account_no" ON "virtual_accounts" USING btree ("account_no");--> statement-breakpoint
CREATE INDEX "withdrawals_enterprise" ON "withdrawals" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status" ON "withdrawals" USING btree ("status","id");