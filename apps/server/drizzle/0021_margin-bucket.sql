-- Issue 22, defect 3: a pledge margin stays the enterprise's money, shown as frozen. Each virtual
-- account gets a fourth part, MARGIN (VA:<id>:MARGIN); margins already held in the factor's
-- MARGIN_HELD account move there by one balanced entry per enterprise (the ledger is append-only).
-- The fund-flow index now lists the lines on the parts an enterprise spends from (available and
-- controlled): frozen and margin lines mirror an available line and would show a movement twice.
DROP INDEX "journal_lines_flows";--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "margin_account_id" integer;--> statement-breakpoint
INSERT INTO "ledger_accounts" ("code", "name", "category", "normal_side", "enterprise_id", "bucket")
SELECT 'VA:' || va."enterprise_id" || ':MARGIN', e."name" || ' ' || va."account_no" || ' 保证金', 'LIABILITY', 'C', va."enterprise_id", 'MARGIN'
FROM "virtual_accounts" va JOIN "enterprises" e ON e."id" = va."enterprise_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "virtual_accounts" va SET "margin_account_id" = a."id"
FROM "ledger_accounts" a WHERE a."code" = 'VA:' || va."enterprise_id" || ':MARGIN';--> statement-breakpoint
ALTER TABLE "virtual_accounts" ALTER COLUMN "margin_account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_margin_account_id_ledger_accounts_id_fk" FOREIGN KEY ("margin_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each enterprise's margin still held = its margin holds less its releases, read from its own
-- available lines of those entries (only margin entries ever posted to MARGIN_HELD).
DO $$
DECLARE
  r record;
  v_entry integer;
  v_held integer;
  v_margin integer;
BEGIN
  SELECT "id" INTO v_held FROM "ledger_accounts" WHERE "code" = 'MARGIN_HELD';
  FOR r IN
    SELECT l."enterprise_id" AS enterprise_id,
           sum(CASE l."side" WHEN 'D' THEN l."amount" ELSE -l."amount" END)::bigint AS amount
    FROM "journal_lines" l JOIN "journal_entries" e ON e."id" = l."entry_id"
    WHERE e."kind" IN ('MARGIN_HOLD', 'MARGIN_RELEASE') AND l."bucket" = 'AVAILABLE'
    GROUP BY l."enterprise_id"
    HAVING sum(CASE l."side" WHEN 'D' THEN l."amount" ELSE -l."amount" END) > 0
    ORDER BY l."enterprise_id"
  LOOP
    SELECT "id" INTO v_margin FROM "ledger_accounts" WHERE "code" = 'VA:' || r.enterprise_id || ':MARGIN';
    INSERT INTO "journal_entries" ("kind", "memo") VALUES ('MARGIN_RECLASS', '质押保证金转入企业保证金分户') RETURNING "id" INTO v_entry;
    INSERT INTO "journal_lines" ("entry_id", "account_id", "side", "amount", "enterprise_id", "bucket", "flow_type", "memo")
    VALUES (v_entry, v_held, 'D', r.amount, NULL, NULL, 'MARGIN_HOLD', '质押保证金转入企业保证金分户'),
           (v_entry, v_margin, 'C', r.amount, r.enterprise_id, 'MARGIN', 'MARGIN_HOLD', '质押保证金转入企业保证金分户');
    UPDATE "ledger_accounts" SET "balance" = "balance" - r.amount, "line_count" = "line_count" + 1 WHERE "id" = v_held;
    UPDATE "ledger_accounts" SET "balance" = "balance" + r.amount, "line_count" = "line_count" + 1 WHERE "id" = v_margin;
  END LOOP;
END $$;--> statement-breakpoint
CREATE INDEX "journal_lines_flows" ON "journal_lines" USING btree ("enterprise_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "journal_lines"."enterprise_id" is not null and "journal_lines"."bucket" in ('AVAILABLE', 'CONTROLLED');
