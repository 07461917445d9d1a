-- The risk reserve booked (issue 27): the reserve itself, a liability raised on the credit side, and the
-- provision expense it is charged to, on the debit side. Posted only by the operator's 计提风险准备金.
INSERT INTO "ledger_accounts" ("code", "name", "category", "normal_side") VALUES
  ('RISK_RESERVE', '风险准备金', 'LIABILITY', 'C'),
  ('PROVISION_EXPENSE', '资产减值损失（计提准备金）', 'EXPENSE', 'D')
ON CONFLICT ("code") DO NOTHING;
