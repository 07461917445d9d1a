CREATE TABLE "credit_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"platform_id" integer NOT NULL,
	"credit_limit" bigint NOT NULL,
	"used" bigint DEFAULT 0 NOT NULL,
	"reserved" bigint DEFAULT 0 NOT NULL,
	"start_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_lines_amounts" CHECK ("credit_lines"."credit_limit" >= 0 and "credit_lines"."used" >= 0 and "credit_lines"."reserved" >= 0)
);
--> statement-breakpoint
CREATE TABLE "financing_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"financing_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financing_extensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"financing_id" integer NOT NULL,
	"tranche_id" integer NOT NULL,
	"enterprise_id" integer NOT NULL,
	"old_due_date" date NOT NULL,
	"new_due_date" date NOT NULL,
	"extra_interest" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"review_note" text,
	"created_by" integer,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "financing_invoices" (
	"financing_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "financing_invoices_financing_id_invoice_id_pk" PRIMARY KEY("financing_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "financing_tranches" (
	"id" serial PRIMARY KEY NOT NULL,
	"financing_id" integer NOT NULL,
	"enterprise_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"amount" bigint NOT NULL,
	"term_days" integer NOT NULL,
	"interest" bigint NOT NULL,
	"service_fee" bigint NOT NULL,
	"net_amount" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"start_date" date,
	"due_date" date,
	"outstanding" bigint DEFAULT 0 NOT NULL,
	"interest_from" date,
	"interest_unpaid" bigint DEFAULT 0 NOT NULL,
	"interest_paid" bigint DEFAULT 0 NOT NULL,
	"penalty_from" date,
	"penalty_unpaid" bigint DEFAULT 0 NOT NULL,
	"penalty_paid" bigint DEFAULT 0 NOT NULL,
	"penalty_to_date" bigint DEFAULT 0 NOT NULL,
	"penalty_as_of" date,
	"principal_paid" bigint DEFAULT 0 NOT NULL,
	"overdue" boolean DEFAULT false NOT NULL,
	"extended" boolean DEFAULT false NOT NULL,
	"disburse_entry_id" integer,
	"disbursed_by" integer,
	"disbursed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_tranches_amounts" CHECK ("financing_tranches"."amount" > 0 and "financing_tranches"."outstanding" >= 0 and "financing_tranches"."outstanding" <= "financing_tranches"."amount")
);
--> statement-breakpoint
CREATE TABLE "financings" (
	"id" serial PRIMARY KEY NOT NULL,
	"financing_no" text NOT NULL,
	"enterprise_id" integer NOT NULL,
	"platform_id" integer NOT NULL,
	"credit_line_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"drawn" bigint DEFAULT 0 NOT NULL,
	"reserved" bigint DEFAULT 0 NOT NULL,
	"term_days" integer NOT NULL,
	"annual_rate_ppm" integer NOT NULL,
	"service_fee_rate_ppm" integer NOT NULL,
	"penalty_multiplier_ppm" integer NOT NULL,
	"interest_mode" text NOT NULL,
	"interest" bigint NOT NULL,
	"service_fee" bigint NOT NULL,
	"net_amount" bigint NOT NULL,
	"apply_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"overdue" boolean DEFAULT false NOT NULL,
	"extended" boolean DEFAULT false NOT NULL,
	"contract_id" integer,
	"purpose" text,
	"review_note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "financings_amounts" CHECK ("financings"."amount" > 0 and "financings"."drawn" >= 0 and "financings"."drawn" <= "financings"."amount" and "financings"."reserved" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"buyer_enterprise_id" integer NOT NULL,
	"invoice_code" text NOT NULL,
	"invoice_number" text NOT NULL,
	"issue_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"tax_amount" bigint DEFAULT 0 NOT NULL,
	"image_upload_id" integer,
	"status" text DEFAULT 'REGISTERED' NOT NULL,
	"financing_id" integer,
	"review_note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."amount" > 0 and "invoices"."tax_amount" >= 0 and "invoices"."tax_amount" <= "invoices"."amount")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"run_date" date NOT NULL,
	"result" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_runs_job_run_date_pk" PRIMARY KEY("job","run_date")
);
--> statement-breakpoint
CREATE TABLE "order_receivables" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"buyer_enterprise_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"delivery_date" date NOT NULL,
	"attachment_upload_id" integer,
	"status" text DEFAULT 'REGISTERED' NOT NULL,
	"financing_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_receivables_amount" CHECK ("order_receivables"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "platform_join_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"platform_id" integer NOT NULL,
	"requested_limit" bigint NOT NULL,
	"remark" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"granted_limit" bigint,
	"review_note" text,
	"created_by" integer,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"core_enterprise_id" integer NOT NULL,
	"product" text NOT NULL,
	"annual_rate_ppm" integer NOT NULL,
	"max_term_days" integer NOT NULL,
	"advance_rate_ppm" integer NOT NULL,
	"interest_mode" text NOT NULL,
	"service_fee_rate_ppm" integer DEFAULT 0 NOT NULL,
	"penalty_multiplier_ppm" integer DEFAULT 1500000 NOT NULL,
	"price_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"repayment_account" jsonb,
	"description" text DEFAULT '' NOT NULL,
	"joinable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platforms_rates" CHECK ("platforms"."annual_rate_ppm" >= 0 and "platforms"."service_fee_rate_ppm" >= 0 and "platforms"."penalty_multiplier_ppm" >= 0),
	CONSTRAINT "platforms_advance_rate" CHECK ("platforms"."advance_rate_ppm" > 0 and "platforms"."advance_rate_ppm" <= 1000000),
	CONSTRAINT "platforms_max_term" CHECK ("platforms"."max_term_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "repayments" (
	"id" serial PRIMARY KEY NOT NULL,
	"financing_id" integer NOT NULL,
	"enterprise_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"principal" bigint DEFAULT 0 NOT NULL,
	"interest" bigint DEFAULT 0 NOT NULL,
	"penalty" bigint DEFAULT 0 NOT NULL,
	"allocations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"voucher_upload_id" integer,
	"payer_account_name" text,
	"payer_account_no" text,
	"entry_id" integer,
	"ref_no" text,
	"review_note" text,
	"repay_date" date NOT NULL,
	"created_by" integer,
	"confirmed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "repayments_amount" CHECK ("repayments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_lines" ADD CONSTRAINT "credit_lines_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lines" ADD CONSTRAINT "credit_lines_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lines" ADD CONSTRAINT "credit_lines_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_events" ADD CONSTRAINT "financing_events_financing_id_financings_id_fk" FOREIGN KEY ("financing_id") REFERENCES "public"."financings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_events" ADD CONSTRAINT "financing_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_extensions" ADD CONSTRAINT "financing_extensions_financing_id_financings_id_fk" FOREIGN KEY ("financing_id") REFERENCES "public"."financings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_extensions" ADD CONSTRAINT "financing_extensions_tranche_id_financing_tranches_id_fk" FOREIGN KEY ("tranche_id") REFERENCES "public"."financing_tranches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_extensions" ADD CONSTRAINT "financing_extensions_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_extensions" ADD CONSTRAINT "financing_extensions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_extensions" ADD CONSTRAINT "financing_extensions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_invoices" ADD CONSTRAINT "financing_invoices_financing_id_financings_id_fk" FOREIGN KEY ("financing_id") REFERENCES "public"."financings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_invoices" ADD CONSTRAINT "financing_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_tranches" ADD CONSTRAINT "financing_tranches_financing_id_financings_id_fk" FOREIGN KEY ("financing_id") REFERENCES "public"."financings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_tranches" ADD CONSTRAINT "financing_tranches_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_tranches" ADD CONSTRAINT "financing_tranches_disbursed_by_users_id_fk" FOREIGN KEY ("disbursed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_tranches" ADD CONSTRAINT "financing_tranches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financings" ADD CONSTRAINT "financings_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financings" ADD CONSTRAINT "financings_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financings" ADD CONSTRAINT "financings_credit_line_id_credit_lines_id_fk" FOREIGN KEY ("credit_line_id") REFERENCES "public"."credit_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financings" ADD CONSTRAINT "financings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_buyer_enterprise_id_enterprises_id_fk" FOREIGN KEY ("buyer_enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_image_upload_id_uploads_id_fk" FOREIGN KEY ("image_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_receivables" ADD CONSTRAINT "order_receivables_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_receivables" ADD CONSTRAINT "order_receivables_buyer_enterprise_id_enterprises_id_fk" FOREIGN KEY ("buyer_enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_receivables" ADD CONSTRAINT "order_receivables_attachment_upload_id_uploads_id_fk" FOREIGN KEY ("attachment_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_receivables" ADD CONSTRAINT "order_receivables_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_join_applications" ADD CONSTRAINT "platform_join_applications_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_join_applications" ADD CONSTRAINT "platform_join_applications_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_join_applications" ADD CONSTRAINT "platform_join_applications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_join_applications" ADD CONSTRAINT "platform_join_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platforms" ADD CONSTRAINT "platforms_core_enterprise_id_enterprises_id_fk" FOREIGN KEY ("core_enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_financing_id_financings_id_fk" FOREIGN KEY ("financing_id") REFERENCES "public"."financings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_voucher_upload_id_uploads_id_fk" FOREIGN KEY ("voucher_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_lines_enterprise_platform" ON "credit_lines" USING btree ("enterprise_id","platform_id");--> statement-breakpoint
CREATE INDEX "credit_lines_expiry" ON "credit_lines" USING btree ("enterprise_id","expiry_date");--> statement-breakpoint
CREATE INDEX "financing_events_financing" ON "financing_events" USING btree ("financing_id","id");--> statement-breakpoint
CREATE INDEX "financing_extensions_financing" ON "financing_extensions" USING btree ("financing_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "financing_extensions_one_pending" ON "financing_extensions" USING btree ("tranche_id") WHERE "financing_extensions"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "financing_invoices_invoice" ON "financing_invoices" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "financing_tranches_seq" ON "financing_tranches" USING btree ("financing_id","seq");--> statement-breakpoint
CREATE INDEX "financing_tranches_enterprise" ON "financing_tranches" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE INDEX "financing_tranches_open" ON "financing_tranches" USING btree ("status","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "financings_no" ON "financings" USING btree ("financing_no");--> statement-breakpoint
CREATE INDEX "financings_enterprise" ON "financings" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE INDEX "financings_status" ON "financings" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_seller_code_number" ON "invoices" USING btree ("enterprise_id","invoice_code","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_enterprise_status" ON "invoices" USING btree ("enterprise_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_receivables_seller_no" ON "order_receivables" USING btree ("enterprise_id","order_no");--> statement-breakpoint
CREATE INDEX "platform_join_enterprise" ON "platform_join_applications" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_join_one_pending" ON "platform_join_applications" USING btree ("enterprise_id","platform_id") WHERE "platform_join_applications"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "platforms_code" ON "platforms" USING btree ("code");--> statement-breakpoint
CREATE INDEX "repayments_financing" ON "repayments" USING btree ("financing_id","id");--> statement-breakpoint
CREATE INDEX "repayments_enterprise" ON "repayments" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "repayments_one_pending_offline" ON "repayments" USING btree ("financing_id") WHERE "repayments"."status" = 'PENDING';