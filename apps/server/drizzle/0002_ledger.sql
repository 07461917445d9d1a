-- Journal entries and lines are immutable: corrections are new entries (issue 5).
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable (% on %)', TG_OP, TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_immutable BEFORE UPDATE OR DELETE ON "journal_entries" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER journal_lines_immutable BEFORE UPDATE OR DELETE ON "journal_lines" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- The factor's own accounts. Assets increase on the debit side; liabilities and income on the credit side.
INSERT INTO "ledger_accounts" ("code", "name", "category", "normal_side") VALUES
  ('BANK_CASH', '银行存款', 'ASSET', 'D'),
  ('RECEIVABLE_PRINCIPAL', '应收保理款本金', 'ASSET', 'D'),
  ('FEE_INCOME', '手续费收入', 'INCOME', 'C'),
  ('INTEREST_INCOME', '利息收入', 'INCOME', 'C'),
  ('PENALTY_INCOME', '罚息收入', 'INCOME', 'C'),
  ('MARGIN_HELD', '存入保证金', 'LIABILITY', 'C'),
  ('SUSPENSE', '待查明款项', 'LIABILITY', 'C')
ON CONFLICT ("code") DO NOTHING;
