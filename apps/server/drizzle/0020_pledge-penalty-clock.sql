ALTER TABLE "pledge_financings" ADD COLUMN "penalty_base" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pledge_financings" ADD COLUMN "penalty_from" date;--> statement-breakpoint
-- Penalty accrued before the clock existed stays owed: it becomes the base, and the clock runs on from its last day.
UPDATE "pledge_financings" SET "penalty_base" = "penalty_owed", "penalty_from" = "penalty_accrued_to" WHERE "penalty_owed" > 0;
