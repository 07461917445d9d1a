-- One offline payment (issue 35): a statement line tied to a transfer voucher is of match kind VOUCHER,
-- whichever product's voucher it is (the voucher's source and label stay in match_label).
UPDATE "bank_statement_lines" SET "match_kind" = 'VOUCHER' WHERE "match_kind" IN ('PLEDGE_VOUCHER', 'REPAYMENT_VOUCHER');
