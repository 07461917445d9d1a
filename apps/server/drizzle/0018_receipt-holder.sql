DROP INDEX "goods_name_spec";--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "previous_id" integer;--> statement-breakpoint
ALTER TABLE "warehouse_receipts" ADD COLUMN "content" text;--> statement-breakpoint
-- Goods made before owners existed belong to the enterprise of the user who created them.
UPDATE "goods" SET "owner_id" = "users"."enterprise_id" FROM "users" WHERE "users"."id" = "goods"."created_by";--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_owner_id_enterprises_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_owner_name_spec" ON "goods" USING btree ("owner_id",lower("name"),coalesce(lower("specification"), '')) WHERE "goods"."status" = 'ACTIVE';