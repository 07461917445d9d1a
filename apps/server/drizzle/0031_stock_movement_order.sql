DROP INDEX "stock_movements_warehouse";--> statement-breakpoint
DROP INDEX "stock_movements_depositor";--> statement-breakpoint
CREATE INDEX "stock_movements_business_order" ON "stock_movements" USING btree ("occurred_on","id");--> statement-breakpoint
CREATE INDEX "stock_movements_warehouse" ON "stock_movements" USING btree ("warehouse_id","occurred_on","id");--> statement-breakpoint
CREATE INDEX "stock_movements_depositor" ON "stock_movements" USING btree ("depositor_id","occurred_on","id");