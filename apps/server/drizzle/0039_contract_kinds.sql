-- Issue 35: contract kinds are registered by their areas, no longer a closed list. What a contract's
-- document states of its kind is kept on the row as drawn up: its label, whether the factor countersigns
-- it, and its business record in words. Existing contracts get them from the list they were drawn up
-- under (the domain's CONTRACT_TYPE_LABELS, contracts/countersign.ts and contracts/labels.ts before this migration).
ALTER TABLE "contracts" ADD COLUMN "type_label" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "factor_countersigns" boolean;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "related_label" text;--> statement-breakpoint
UPDATE "contracts" SET
  "type_label" = CASE "type"
    WHEN 'FACTORING_AGREEMENT' THEN '保理协议'
    WHEN 'FINANCING' THEN '融资合同'
    WHEN 'PLEDGE' THEN '质押合同'
    WHEN 'MARGIN' THEN '保证金协议'
    WHEN 'CLOUD_LOAN' THEN '云贷协议'
    WHEN 'RECEIVABLE_CONFIRMATION' THEN '应收账款确认函'
    WHEN 'ASSIGNMENT_NOTICE' THEN '应收账款转让通知书'
    ELSE "type" END,
  "factor_countersigns" = "type" IN ('FACTORING_AGREEMENT', 'FINANCING', 'PLEDGE', 'MARGIN', 'ASSIGNMENT_NOTICE'),
  "related_label" = CASE "related_type"
    WHEN 'FINANCING' THEN '融资申请'
    WHEN 'PLATFORM' THEN '平台准入'
    WHEN 'CREDIT' THEN '授信'
    WHEN 'PLEDGE' THEN '质押融资'
    WHEN 'MARGIN' THEN '保证金'
    WHEN 'CLOUD_LOAN' THEN '云贷'
    WHEN 'ENTERPRISE' THEN '企业合作'
    WHEN 'RECEIVABLE_CONFIRMATION' THEN '应收账款确权'
    WHEN 'ASSIGNMENT_NOTICE' THEN '应收账款转让通知'
    ELSE "related_type" END || ' ' || coalesce("related_no", "related_id");--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "type_label" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "factor_countersigns" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "related_label" SET NOT NULL;
