CREATE SEQUENCE "public"."local_registry_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "local_registry_acts" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"act" text NOT NULL,
	"act_no" text NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	"made_on" date NOT NULL,
	"snapshot" jsonb NOT NULL,
	"note" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_registry_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_no" text NOT NULL,
	"registrant_name" text NOT NULL,
	"registrant_code" text NOT NULL,
	"transferor_name" text NOT NULL,
	"transferor_code" text NOT NULL,
	"receivables" jsonb NOT NULL,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"years" integer NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"status" text DEFAULT 'VALID' NOT NULL,
	"reference" text,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "local_registry_registrations_years" CHECK ("local_registry_registrations"."years" between 1 and 30)
);
--> statement-breakpoint
CREATE TABLE "local_registry_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"proof_no" text NOT NULL,
	"searcher_name" text NOT NULL,
	"transferor_code" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"searched_on" date NOT NULL,
	"results" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receivable_registration_acts" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"act" text NOT NULL,
	"act_no" text NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"note" text NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receivable_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"financing_id" integer NOT NULL,
	"financing_no" text NOT NULL,
	"enterprise_id" integer NOT NULL,
	"transferor_code" text NOT NULL,
	"registry" text NOT NULL,
	"registration_no" text NOT NULL,
	"receivables" jsonb NOT NULL,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"years" integer NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"registered_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"status" text DEFAULT 'VALID' NOT NULL,
	"cancel_due_on" date,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"last_problem" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receivable_registry_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"financing_id" integer NOT NULL,
	"transferor_code" text NOT NULL,
	"source" text NOT NULL,
	"registry" text NOT NULL,
	"proof_no" text,
	"upload_id" integer,
	"searched_on" date NOT NULL,
	"searched_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"found" integer NOT NULL,
	"conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_registry_acts" ADD CONSTRAINT "local_registry_acts_registration_id_local_registry_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."local_registry_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_registration_acts" ADD CONSTRAINT "receivable_registration_acts_registration_id_receivable_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."receivable_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_registration_acts" ADD CONSTRAINT "receivable_registration_acts_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_registrations" ADD CONSTRAINT "receivable_registrations_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_registry_searches" ADD CONSTRAINT "receivable_registry_searches_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_registry_searches" ADD CONSTRAINT "receivable_registry_searches_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "local_registry_acts_number" ON "local_registry_acts" USING btree ("act_no");--> statement-breakpoint
CREATE INDEX "local_registry_acts_registration" ON "local_registry_acts" USING btree ("registration_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "local_registry_registrations_number" ON "local_registry_registrations" USING btree ("registration_no");--> statement-breakpoint
CREATE INDEX "local_registry_registrations_transferor" ON "local_registry_registrations" USING btree ("transferor_code");--> statement-breakpoint
CREATE UNIQUE INDEX "local_registry_searches_number" ON "local_registry_searches" USING btree ("proof_no");--> statement-breakpoint
CREATE INDEX "receivable_registration_acts_registration" ON "receivable_registration_acts" USING btree ("registration_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "receivable_registrations_number" ON "receivable_registrations" USING btree ("registry","registration_no");--> statement-breakpoint
CREATE UNIQUE INDEX "receivable_registrations_one_valid" ON "receivable_registrations" USING btree ("product","financing_id") WHERE "receivable_registrations"."status" = 'VALID';--> statement-breakpoint
CREATE INDEX "receivable_registrations_due" ON "receivable_registrations" USING btree ("status","cancel_due_on");--> statement-breakpoint
CREATE INDEX "receivable_registrations_expiry" ON "receivable_registrations" USING btree ("status","expires_on");--> statement-breakpoint
CREATE INDEX "receivable_registry_searches_financing" ON "receivable_registry_searches" USING btree ("product","financing_id","id");