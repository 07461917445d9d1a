CREATE TABLE "cloud_loan_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_no" text NOT NULL,
	"enterprise_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"term_months" integer NOT NULL,
	"method" text NOT NULL,
	"purpose" text NOT NULL,
	"last_year_revenue" bigint NOT NULL,
	"last_year_tax" bigint NOT NULL,
	"credit_enquiry_consent" boolean NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"remark" text,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"bank_adapter" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_ref" text,
	"granted_amount" bigint,
	"granted_rate_ppm" integer,
	"granted_term_months" integer,
	"granted_at" date,
	"expiry_date" date,
	"drawn_amount" bigint DEFAULT 0 NOT NULL,
	"reject_reason" text,
	"decided_by" integer,
	"contract_id" integer,
	"agreement_signed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_loan_applications_amounts" CHECK ("cloud_loan_applications"."amount" > 0 and "cloud_loan_applications"."drawn_amount" >= 0 and ("cloud_loan_applications"."granted_amount" is null or "cloud_loan_applications"."drawn_amount" <= "cloud_loan_applications"."granted_amount")),
	CONSTRAINT "cloud_loan_applications_term" CHECK ("cloud_loan_applications"."term_months" between 3 and 36)
);
--> statement-breakpoint
CREATE TABLE "cloud_loan_drawdowns" (
	"id" serial PRIMARY KEY NOT NULL,
	"drawdown_no" text NOT NULL,
	"application_id" integer NOT NULL,
	"enterprise_id" integer NOT NULL,
	"principal" bigint NOT NULL,
	"outstanding_principal" bigint NOT NULL,
	"annual_rate_ppm" integer NOT NULL,
	"penalty_multiplier_ppm" integer NOT NULL,
	"term_months" integer NOT NULL,
	"method" text NOT NULL,
	"start_date" date NOT NULL,
	"maturity_date" date NOT NULL,
	"status" text DEFAULT 'DRAWN' NOT NULL,
	"overdue" boolean DEFAULT false NOT NULL,
	"controlled" boolean DEFAULT false NOT NULL,
	"bank_adapter" text NOT NULL,
	"bank_ref" text,
	"entry_id" integer NOT NULL,
	"ref_no" text NOT NULL,
	"settled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_loan_drawdowns_amounts" CHECK ("cloud_loan_drawdowns"."principal" > 0 and "cloud_loan_drawdowns"."outstanding_principal" >= 0 and "cloud_loan_drawdowns"."outstanding_principal" <= "cloud_loan_drawdowns"."principal")
);
--> statement-breakpoint
CREATE TABLE "cloud_loan_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"drawdown_id" integer NOT NULL,
	"enterprise_id" integer NOT NULL,
	"period" integer NOT NULL,
	"due_date" date NOT NULL,
	"payment" bigint NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"remaining" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"overdue" boolean DEFAULT false NOT NULL,
	"penalty_to_date" bigint DEFAULT 0 NOT NULL,
	"penalty_as_of" date,
	"paid_at" date,
	CONSTRAINT "cloud_loan_instalments_amounts" CHECK ("cloud_loan_instalments"."payment" = "cloud_loan_instalments"."principal" + "cloud_loan_instalments"."interest" and "cloud_loan_instalments"."principal" >= 0 and "cloud_loan_instalments"."interest" >= 0 and "cloud_loan_instalments"."penalty_to_date" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cloud_loan_repayments" (
	"id" serial PRIMARY KEY NOT NULL,
	"drawdown_id" integer NOT NULL,
	"enterprise_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" integer,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"penalty" bigint NOT NULL,
	"total" bigint NOT NULL,
	"entry_id" integer NOT NULL,
	"ref_no" text NOT NULL,
	"bank_ref" text,
	"business_date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_loan_repayments_total" CHECK ("cloud_loan_repayments"."total" = "cloud_loan_repayments"."principal" + "cloud_loan_repayments"."interest" + "cloud_loan_repayments"."penalty" and "cloud_loan_repayments"."total" > 0)
);
--> statement-breakpoint
ALTER TABLE "cloud_loan_applications" ADD CONSTRAINT "cloud_loan_applications_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_loan_applications" ADD CONSTRAINT "cloud_loan_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_loan_applications" ADD CONSTRAINT "cloud_loan_applications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ADD CONSTRAINT "cloud_loan_drawdowns_application_id_cloud_loan_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."cloud_loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ADD CONSTRAINT "cloud_loan_drawdowns_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ADD CONSTRAINT "cloud_loan_drawdowns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_loan_instalments" ADD CONSTRAINT "cloud_loan_instalments_drawdown_id_cloud_loan_drawdowns_id_fk" FOREIGN KEY ("drawdown_id") REFERENCES "public"."cloud_loan_drawdowns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_loan_instalments" ADD CONSTRAINT "cloud_loan_instalments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_loan_repayments" ADD CONSTRAINT "cloud_loan_repayments_drawdown_id_cloud_loan_drawdowns_id_fk" FOREIGN KEY ("drawdown_id") REFERENCES "public"."cloud_loan_drawdowns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_loan_repayments" ADD CONSTRAINT "cloud_loan_repayments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_loan_repayments" ADD CONSTRAINT "cloud_loan_repayments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_loan_applications_no" ON "cloud_loan_applications" USING btree ("application_no");--> statement-breakpoint
CREATE INDEX "cloud_loan_applications_enterprise" ON "cloud_loan_applications" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_loan_drawdowns_no" ON "cloud_loan_drawdowns" USING btree ("drawdown_no");--> statement-breakpoint
CREATE INDEX "cloud_loan_drawdowns_enterprise" ON "cloud_loan_drawdowns" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE INDEX "cloud_loan_drawdowns_application" ON "cloud_loan_drawdowns" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_loan_instalments_period" ON "cloud_loan_instalments" USING btree ("drawdown_id","period");--> statement-breakpoint
CREATE INDEX "cloud_loan_instalments_due" ON "cloud_loan_instalments" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "cloud_loan_repayments_drawdown" ON "cloud_loan_repayments" USING btree ("drawdown_id","id");