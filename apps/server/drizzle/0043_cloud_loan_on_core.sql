-- Issue 35: the cloud loan on the core. Its drawdowns take the one loan shape in place (columns renamed, the
-- shape's columns filled from what the drawdown and its plan state), and its plans move, ids kept, into the
-- lending core's loan_instalments under line CLOUD. loan_events (line CLOUD, loan_id = drawdown id),
-- cloud_loan_repayments (drawdown_id) and the ledger (the drawdown number as source) point at what stays.
ALTER TABLE "cloud_loan_drawdowns" RENAME COLUMN "drawdown_no" TO "financing_no";--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" RENAME COLUMN "principal" TO "amount";--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" RENAME COLUMN "start_date" TO "apply_date";--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" RENAME COLUMN "maturity_date" TO "due_date";--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" DROP CONSTRAINT "cloud_loan_drawdowns_amounts";--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ADD CONSTRAINT "cloud_loan_drawdowns_amounts" CHECK ("cloud_loan_drawdowns"."amount" > 0 and "cloud_loan_drawdowns"."outstanding_principal" >= 0 and "cloud_loan_drawdowns"."outstanding_principal" <= "cloud_loan_drawdowns"."amount");--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ADD COLUMN "term_days" integer;--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ADD COLUMN "service_fee_rate_ppm" integer;--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ADD COLUMN "interest_mode" text;--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ADD COLUMN "interest" bigint;--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ADD COLUMN "service_fee" bigint;--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ADD COLUMN "net_amount" bigint;--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The bank's loan in the shape: the term from drawdown to the last due date, interest with each instalment
-- (the plan's, summed), no fee of the factor's, the whole amount paid out; last changed at its last history step.
UPDATE "cloud_loan_drawdowns" SET
	"term_days" = "due_date" - "apply_date",
	"service_fee_rate_ppm" = 0,
	"interest_mode" = 'ARREARS',
	"interest" = coalesce((SELECT sum(i."interest") FROM "cloud_loan_instalments" i WHERE i."drawdown_id" = "cloud_loan_drawdowns"."id"), 0),
	"service_fee" = 0,
	"net_amount" = "amount",
	"updated_at" = coalesce((SELECT max(e."created_at") FROM "loan_events" e WHERE e."product" = 'CLOUD' AND e."loan_id" = "cloud_loan_drawdowns"."id"), "created_at");--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ALTER COLUMN "term_days" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ALTER COLUMN "service_fee_rate_ppm" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ALTER COLUMN "interest_mode" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ALTER COLUMN "interest" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ALTER COLUMN "service_fee" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_loan_drawdowns" ALTER COLUMN "net_amount" SET NOT NULL;--> statement-breakpoint
CREATE TABLE "loan_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"loan_id" integer NOT NULL,
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
	CONSTRAINT "loan_instalments_amounts" CHECK ("loan_instalments"."payment" = "loan_instalments"."principal" + "loan_instalments"."interest" and "loan_instalments"."principal" >= 0 and "loan_instalments"."interest" >= 0 and "loan_instalments"."penalty_to_date" >= 0)
);
--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_instalments_period" ON "loan_instalments" USING btree ("product","loan_id","period");--> statement-breakpoint
CREATE INDEX "loan_instalments_due" ON "loan_instalments" USING btree ("product","status","due_date");--> statement-breakpoint
CREATE INDEX "loan_instalments_enterprise" ON "loan_instalments" USING btree ("enterprise_id","status","due_date");--> statement-breakpoint
-- The plans move with their ids; the sequence continues after the last.
INSERT INTO "loan_instalments" ("id", "product", "loan_id", "enterprise_id", "period", "due_date", "payment", "principal", "interest", "remaining", "status", "overdue", "penalty_to_date", "penalty_as_of", "paid_at")
	SELECT "id", 'CLOUD', "drawdown_id", "enterprise_id", "period", "due_date", "payment", "principal", "interest", "remaining", "status", "overdue", "penalty_to_date", "penalty_as_of", "paid_at"
	FROM "cloud_loan_instalments" ORDER BY "id";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"loan_instalments"', 'id'), coalesce((SELECT max("id") FROM "loan_instalments"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "cloud_loan_instalments";
