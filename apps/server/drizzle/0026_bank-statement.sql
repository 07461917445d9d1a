CREATE TABLE "bank_reconciliation_days" (
	"account_no" text NOT NULL,
	"date" date NOT NULL,
	"opening_balance" bigint NOT NULL,
	"closing_balance" bigint NOT NULL,
	"credits" bigint NOT NULL,
	"debits" bigint NOT NULL,
	"ledger_receipts" bigint NOT NULL,
	"ledger_payouts" bigint NOT NULL,
	"difference" bigint NOT NULL,
	"explained" bigint NOT NULL,
	"status" text NOT NULL,
	"items" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_reconciliation_days_account_no_date_pk" PRIMARY KEY("account_no","date")
);
--> statement-breakpoint
CREATE TABLE "bank_statement_formats" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bank_name" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"account_no" text NOT NULL,
	"line_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"seq" integer NOT NULL,
	"book_date" date NOT NULL,
	"booked_at" timestamp with time zone NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance" bigint,
	"counterparty_name" text,
	"counterparty_account" text,
	"counterparty_bank" text,
	"memo" text,
	"remark" text,
	"serial_no" text,
	"sub_account" text,
	"status" text DEFAULT 'UNMATCHED' NOT NULL,
	"match_kind" text,
	"task_id" integer,
	"journal_line_id" bigint,
	"match_label" text,
	"note" text,
	"suggestion" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_amount_positive" CHECK ("bank_statement_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_no" text NOT NULL,
	"account_no" text NOT NULL,
	"format_code" text NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"file_size" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"opening_balance" bigint NOT NULL,
	"closing_balance" bigint NOT NULL,
	"line_count" integer NOT NULL,
	"added" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"imported_by" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statements_statement_no_unique" UNIQUE("statement_no")
);
--> statement-breakpoint
CREATE TABLE "payment_batch_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"journal_line_id" bigint NOT NULL,
	"end_to_end_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"payee_name" text NOT NULL,
	"payee_account" text NOT NULL,
	"payee_bank" text,
	"memo" text,
	CONSTRAINT "payment_batch_items_end_to_end_id_unique" UNIQUE("end_to_end_id")
);
--> statement-breakpoint
CREATE TABLE "payment_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"item_count" integer NOT NULL,
	"total_amount" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_batches_batch_no_unique" UNIQUE("batch_no")
);
--> statement-breakpoint
ALTER TABLE "bank_statement_formats" ADD CONSTRAINT "bank_statement_formats_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_task_id_bpm_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."bpm_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_journal_line_id_journal_lines_id_fk" FOREIGN KEY ("journal_line_id") REFERENCES "public"."journal_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD CONSTRAINT "payment_batch_items_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_items" ADD CONSTRAINT "payment_batch_items_journal_line_id_journal_lines_id_fk" FOREIGN KEY ("journal_line_id") REFERENCES "public"."journal_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_reconciliation_days_status" ON "bank_reconciliation_days" USING btree ("status","date");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_key" ON "bank_statement_lines" USING btree ("account_no","line_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_journal_line" ON "bank_statement_lines" USING btree ("journal_line_id") WHERE "bank_statement_lines"."journal_line_id" is not null;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_status" ON "bank_statement_lines" USING btree ("status","book_date");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_day" ON "bank_statement_lines" USING btree ("account_no","book_date","seq");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_task" ON "bank_statement_lines" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_account_file" ON "bank_statements" USING btree ("account_no","file_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batch_items_journal_line" ON "payment_batch_items" USING btree ("journal_line_id");--> statement-breakpoint
CREATE INDEX "payment_batch_items_batch" ON "payment_batch_items" USING btree ("batch_id");