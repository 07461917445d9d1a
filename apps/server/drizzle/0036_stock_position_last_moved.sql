ALTER TABLE "stock_positions" ADD COLUMN "last_moved_on" date;--> statement-breakpoint
-- Issue 38: each position's business date as the inventory read it from the ledger until now — the day of its
-- last recorded movement (one probe of stock_movements_position per position); postMovements keeps it from here on.
UPDATE "stock_positions" p SET "last_moved_on" = (
  SELECT m."occurred_on" FROM "stock_movements" m WHERE m."position_id" = p."id" ORDER BY m."id" DESC LIMIT 1
);--> statement-breakpoint
CREATE INDEX "stock_positions_business_order" ON "stock_positions" USING btree ("last_moved_on" DESC NULLS LAST,"id" DESC NULLS FIRST);
