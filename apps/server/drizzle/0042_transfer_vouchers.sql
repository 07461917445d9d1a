-- One offline payment (issue 35): every transfer voucher in the lending core's one table. The pledge's vouchers move
-- in with their ids (their numbers, pages and tasks stay as they are); the supply loan's offline repayments move in
-- with new ids after them, and what named the old id follows: their inbox tasks (ref_id, data) and the bank statement
-- lines' labels. The audit trail is immutable (a trigger refuses any change): its rows stay as written and reach the
-- voucher through their task (task_id), whose ref_id now names it. A confirmed offline repayment stays in "repayments" as
-- the repayment its voucher booked; one still waiting or rejected was only a voucher and leaves it.
CREATE TABLE "transfer_vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_no" text NOT NULL,
	"product" text NOT NULL,
	"loan_id" integer NOT NULL,
	"loan_no" text NOT NULL,
	"purpose" text NOT NULL,
	"related_id" integer,
	"enterprise_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"upload_id" integer NOT NULL,
	"payer_account_name" text NOT NULL,
	"payer_account_no" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"review_note" text,
	"entry_id" integer,
	"ref_no" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "transfer_vouchers_amount" CHECK ("transfer_vouchers"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "transfer_vouchers" ADD CONSTRAINT "transfer_vouchers_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_vouchers" ADD CONSTRAINT "transfer_vouchers_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_vouchers" ADD CONSTRAINT "transfer_vouchers_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_vouchers" ADD CONSTRAINT "transfer_vouchers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_vouchers" ADD CONSTRAINT "transfer_vouchers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_vouchers_no" ON "transfer_vouchers" USING btree ("voucher_no");--> statement-breakpoint
CREATE INDEX "transfer_vouchers_loan" ON "transfer_vouchers" USING btree ("product","loan_id","id");--> statement-breakpoint
CREATE INDEX "transfer_vouchers_upload" ON "transfer_vouchers" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_vouchers_one_pending" ON "transfer_vouchers" USING btree ("product","loan_id","purpose") WHERE "transfer_vouchers"."status" = 'PENDING';--> statement-breakpoint
-- The pledge's vouchers, ids kept: product PLEDGE, the kind is the purpose, the margin call the related record.
INSERT INTO "transfer_vouchers" ("id", "voucher_no", "product", "loan_id", "loan_no", "purpose", "related_id", "enterprise_id", "amount",
  "upload_id", "payer_account_name", "payer_account_no", "status", "review_note", "entry_id", "ref_no", "created_by", "created_at",
  "decided_by", "decided_at")
SELECT v."id", v."voucher_no", 'PLEDGE', v."financing_id", f."financing_no", v."kind", v."margin_call_id", v."enterprise_id", v."amount",
  v."upload_id", v."payer_account_name", v."payer_account_no", v."status", v."review_note", v."entry_id", v."ref_no", v."created_by",
  v."created_at", v."decided_by", v."decided_at"
FROM "pledge_vouchers" v JOIN "pledge_financings" f ON f."id" = v."financing_id";--> statement-breakpoint
-- Each offline repayment's new voucher id, after the pledge's (dropped at the end).
CREATE TABLE "transfer_voucher_moves" AS
SELECT r."id" AS "repayment_id", r."status" AS "status",
  ((SELECT coalesce(max("id"), 0) FROM "pledge_vouchers") + row_number() OVER (ORDER BY r."id"))::integer AS "voucher_id"
FROM "repayments" r WHERE r."method" = 'OFFLINE';--> statement-breakpoint
-- The supply loan's offline repayments: product SUPPLY, purpose REPAYMENT, a voucher number as new ones get (PZ, the
-- China day of submission, the id). A confirmed one names its bank receipt: the entry its approval posted just before
-- the repayment's own (same memo), and the repayment's reference as a new confirmation does.
INSERT INTO "transfer_vouchers" ("id", "voucher_no", "product", "loan_id", "loan_no", "purpose", "related_id", "enterprise_id", "amount",
  "upload_id", "payer_account_name", "payer_account_no", "status", "review_note", "entry_id", "ref_no", "created_by", "created_at",
  "decided_by", "decided_at")
SELECT m."voucher_id", 'PZ' || to_char(r."created_at" AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(m."voucher_id"::text, 6, '0'),
  'SUPPLY', r."financing_id", f."financing_no", 'REPAYMENT', NULL, r."enterprise_id", r."amount", r."voucher_upload_id",
  coalesce(r."payer_account_name", ''), coalesce(r."payer_account_no", ''), r."status", r."review_note",
  CASE WHEN r."status" = 'CONFIRMED' THEN (SELECT max(e."id") FROM "journal_entries" e
    WHERE e."memo" = f."financing_no" || ' 线下还款' AND e."id" < r."entry_id") END,
  CASE WHEN r."status" = 'CONFIRMED' THEN r."ref_no" END,
  r."created_by", r."created_at", r."confirmed_by", r."confirmed_at"
FROM "transfer_voucher_moves" m JOIN "repayments" r ON r."id" = m."repayment_id" JOIN "financings" f ON f."id" = r."financing_id";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('transfer_vouchers', 'id'), coalesce((SELECT max("id") FROM "transfer_vouchers"), 1),
  (SELECT max("id") FROM "transfer_vouchers") IS NOT NULL);--> statement-breakpoint
-- Their inbox tasks name the voucher (a confirmed one's data keeps the repayment it booked).
UPDATE "bpm_tasks" t SET "ref_id" = m."voucher_id"::text,
  "data" = (CASE WHEN m."status" = 'CONFIRMED' THEN t."data" ELSE t."data" - 'repaymentId' END)
    || jsonb_build_object('voucherId', m."voucher_id", 'voucherNo', v."voucher_no")
FROM "transfer_voucher_moves" m JOIN "transfer_vouchers" v ON v."id" = m."voucher_id"
WHERE t."type" = 'REPAYMENT_VOUCHER' AND t."ref_id" = m."repayment_id"::text;--> statement-breakpoint
-- A statement line tied to one reads as the voucher reads now: 线下还款凭证 PZ…（RZ…）.
UPDATE "bank_statement_lines" l SET "match_label" = replace(l."match_label", '线下还款凭证 #' || m."repayment_id" || '（', '线下还款凭证 ' || v."voucher_no" || '（')
FROM "bpm_tasks" t JOIN "transfer_voucher_moves" m ON t."ref_id" = m."voucher_id"::text JOIN "transfer_vouchers" v ON v."id" = m."voucher_id"
WHERE l."task_id" = t."id" AND t."type" = 'REPAYMENT_VOUCHER';--> statement-breakpoint
DELETE FROM "repayments" WHERE "id" IN (SELECT "repayment_id" FROM "transfer_voucher_moves" WHERE "status" <> 'CONFIRMED');--> statement-breakpoint
-- A repayment is never pending now (an online one is booked at once, an offline one when its voucher is confirmed).
DROP INDEX "repayments_one_pending_offline";--> statement-breakpoint
DROP TABLE "transfer_voucher_moves";--> statement-breakpoint
DROP TABLE "pledge_vouchers";
