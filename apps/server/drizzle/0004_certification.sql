CREATE TABLE "account_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"status" text NOT NULL,
	"account_name" text NOT NULL,
	"account_no" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"province_code" text NOT NULL,
	"province_name" text NOT NULL,
	"city_code" text NOT NULL,
	"city_name" text NOT NULL,
	"union_bank_no" text NOT NULL,
	"branch_name" text NOT NULL,
	"change_reason" text NOT NULL,
	"proof_file_id" integer,
	"reject_reason" text,
	"submitted_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_branches" (
	"union_bank_no" text PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"name" text NOT NULL,
	"city_code" text NOT NULL,
	"province_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_authentications" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"status" text NOT NULL,
	"enterprise_name" text,
	"uscc" text,
	"registered_address" text,
	"legal_name" text,
	"legal_id_card" text,
	"legal_birth_date" text,
	"legal_gender" text,
	"contact_name" text,
	"contact_mobile" text,
	"contact_email" text,
	"licence_file_id" integer,
	"id_front_file_id" integer,
	"id_back_file_id" integer,
	"account_name" text,
	"account_no" text,
	"bank_code" text,
	"bank_name" text,
	"province_code" text,
	"province_name" text,
	"city_code" text,
	"city_name" text,
	"union_bank_no" text,
	"branch_name" text,
	"reject_reason" text,
	"created_by" integer,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_accounts" (
	"enterprise_id" integer PRIMARY KEY NOT NULL,
	"account_name" text NOT NULL,
	"account_no" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"province_code" text NOT NULL,
	"province_name" text NOT NULL,
	"city_code" text NOT NULL,
	"city_name" text NOT NULL,
	"union_bank_no" text NOT NULL,
	"branch_name" text NOT NULL,
	"source" text NOT NULL,
	"source_id" integer,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer,
	"uploaded_by" integer NOT NULL,
	"original_name" text NOT NULL,
	"size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"sha256" text NOT NULL,
	"stored_name" text NOT NULL,
	"purpose" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "bpm_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" integer,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"comment" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bpm_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"enterprise_id" integer,
	"ref_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"attachments" jsonb NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"assignee_id" integer,
	"decision" text,
	"reason" text,
	"submitted_by" integer,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_change_requests" ADD CONSTRAINT "account_change_requests_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_change_requests" ADD CONSTRAINT "account_change_requests_proof_file_id_uploads_id_fk" FOREIGN KEY ("proof_file_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_change_requests" ADD CONSTRAINT "account_change_requests_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_change_requests" ADD CONSTRAINT "account_change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_branches" ADD CONSTRAINT "bank_branches_bank_code_banks_code_fk" FOREIGN KEY ("bank_code") REFERENCES "public"."banks"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_authentications" ADD CONSTRAINT "enterprise_authentications_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_authentications" ADD CONSTRAINT "enterprise_authentications_licence_file_id_uploads_id_fk" FOREIGN KEY ("licence_file_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_authentications" ADD CONSTRAINT "enterprise_authentications_id_front_file_id_uploads_id_fk" FOREIGN KEY ("id_front_file_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_authentications" ADD CONSTRAINT "enterprise_authentications_id_back_file_id_uploads_id_fk" FOREIGN KEY ("id_back_file_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_authentications" ADD CONSTRAINT "enterprise_authentications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_authentications" ADD CONSTRAINT "enterprise_authentications_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_authentications" ADD CONSTRAINT "enterprise_authentications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_accounts" ADD CONSTRAINT "settlement_accounts_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_audit_log" ADD CONSTRAINT "bpm_audit_log_task_id_bpm_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."bpm_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_audit_log" ADD CONSTRAINT "bpm_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_tasks" ADD CONSTRAINT "bpm_tasks_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_tasks" ADD CONSTRAINT "bpm_tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_tasks" ADD CONSTRAINT "bpm_tasks_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bpm_tasks" ADD CONSTRAINT "bpm_tasks_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_change_requests_enterprise" ON "account_change_requests" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_change_requests_one_pending" ON "account_change_requests" USING btree ("enterprise_id") WHERE "account_change_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "bank_branches_bank_city" ON "bank_branches" USING btree ("bank_code","city_code","name");--> statement-breakpoint
CREATE INDEX "bank_branches_city" ON "bank_branches" USING btree ("city_code");--> statement-breakpoint
CREATE INDEX "enterprise_authentications_enterprise" ON "enterprise_authentications" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_authentications_one_open" ON "enterprise_authentications" USING btree ("enterprise_id") WHERE "enterprise_authentications"."status" in ('DRAFT', 'PENDING');--> statement-breakpoint
CREATE INDEX "enterprise_authentications_uscc" ON "enterprise_authentications" USING btree ("uscc");--> statement-breakpoint
CREATE INDEX "uploads_enterprise" ON "uploads" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE INDEX "bpm_audit_log_task" ON "bpm_audit_log" USING btree ("task_id","id");--> statement-breakpoint
CREATE INDEX "bpm_audit_log_created" ON "bpm_audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bpm_tasks_state_type" ON "bpm_tasks" USING btree ("state","type","id");--> statement-breakpoint
CREATE INDEX "bpm_tasks_enterprise" ON "bpm_tasks" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE INDEX "bpm_tasks_ref" ON "bpm_tasks" USING btree ("type","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bpm_tasks_one_pending_per_record" ON "bpm_tasks" USING btree ("type","ref_id") WHERE "bpm_tasks"."state" = 'PENDING';--> statement-breakpoint
-- The audit log is append-only: a decision, once written, is never changed or removed (issue 4).
CREATE OR REPLACE FUNCTION bpm_audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit log rows are immutable (% on %)', TG_OP, TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bpm_audit_log_immutable BEFORE UPDATE OR DELETE ON "bpm_audit_log" FOR EACH ROW EXECUTE FUNCTION bpm_audit_refuse_change();
--> statement-breakpoint
-- Branch search by keyword: a trigram index on PostgreSQL when pg_trgm can be created; PGlite (and a
-- server without the contrib package) keep the (bank_code, city_code, name) btree and paging.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm not available: branch search uses the btree index only';
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS bank_branches_name_trgm ON bank_branches USING gin (lower(name) gin_trgm_ops)';
  END IF;
END;
$$;
