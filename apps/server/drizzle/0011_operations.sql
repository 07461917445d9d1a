CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_job_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"business_date" date NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"node" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"lease_until" timestamp with time zone NOT NULL,
	"result" jsonb,
	"error" text,
	CONSTRAINT "scheduled_job_runs_attempts" CHECK ("scheduled_job_runs"."attempts" >= 1)
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_reset" ON "rate_limit_counters" USING btree ("reset_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_job_runs_job_date" ON "scheduled_job_runs" USING btree ("job","business_date");--> statement-breakpoint
CREATE INDEX "scheduled_job_runs_started" ON "scheduled_job_runs" USING btree ("started_at" DESC NULLS LAST);