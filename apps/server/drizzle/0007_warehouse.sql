CREATE SEQUENCE "public"."warehouse_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"specification" text,
	"unit" text NOT NULL,
	"scale" integer NOT NULL,
	"category" text NOT NULL,
	"standard_weight" numeric(18, 3),
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_scale_range" CHECK ("goods"."scale" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "release_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"position_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"consumed" numeric(18, 3) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"reference" text NOT NULL,
	"pickup_person" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_orders_consumed_range" CHECK ("release_orders"."consumed" >= 0 and "release_orders"."consumed" <= "release_orders"."quantity")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operation_no" text NOT NULL,
	"position_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"depositor_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"d_available" numeric(18, 3) NOT NULL,
	"d_pledged" numeric(18, 3) NOT NULL,
	"d_frozen" numeric(18, 3) NOT NULL,
	"occurred_on" date NOT NULL,
	"document_no" text,
	"reference" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_quantity_positive" CHECK ("stock_movements"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"depositor_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"available" numeric(18, 3) DEFAULT '0' NOT NULL,
	"pledged" numeric(18, 3) DEFAULT '0' NOT NULL,
	"frozen" numeric(18, 3) DEFAULT '0' NOT NULL,
	"movement_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_positions_not_negative" CHECK ("stock_positions"."available" >= 0 and "stock_positions"."pledged" >= 0 and "stock_positions"."frozen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_takes" (
	"id" serial PRIMARY KEY NOT NULL,
	"take_no" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"status" text NOT NULL,
	"counted_on" date NOT NULL,
	"lines" jsonb NOT NULL,
	"alert" boolean DEFAULT false NOT NULL,
	"note" text,
	"created_by" integer,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "warehouse_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text
);
--> statement-breakpoint
CREATE TABLE "warehouse_receipt_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"receipt_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_no" text NOT NULL,
	"status" text DEFAULT 'LIVE' NOT NULL,
	"position_id" integer NOT NULL,
	"holder_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"content_hash" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"parent_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pledge_reference" text,
	"issued_by" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_receipts_quantity_positive" CHECK ("warehouse_receipts"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"region" text NOT NULL,
	"company_id" integer NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"accepted_categories" text NOT NULL,
	"storage_guide" text,
	"supervised" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_orders" ADD CONSTRAINT "release_orders_position_id_stock_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."stock_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_position_id_stock_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."stock_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_positions" ADD CONSTRAINT "stock_positions_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_positions" ADD CONSTRAINT "stock_positions_location_id_warehouse_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."warehouse_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_positions" ADD CONSTRAINT "stock_positions_depositor_id_enterprises_id_fk" FOREIGN KEY ("depositor_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_positions" ADD CONSTRAINT "stock_positions_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_location_id_warehouse_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."warehouse_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_locations" ADD CONSTRAINT "warehouse_locations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_receipt_events" ADD CONSTRAINT "warehouse_receipt_events_receipt_id_warehouse_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."warehouse_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_receipt_events" ADD CONSTRAINT "warehouse_receipt_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_receipts" ADD CONSTRAINT "warehouse_receipts_position_id_stock_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."stock_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_receipts" ADD CONSTRAINT "warehouse_receipts_holder_id_enterprises_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_receipts" ADD CONSTRAINT "warehouse_receipts_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_receipts" ADD CONSTRAINT "warehouse_receipts_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_company_id_enterprises_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_name_spec" ON "goods" USING btree (lower("name"),coalesce(lower("specification"), ''));--> statement-breakpoint
CREATE UNIQUE INDEX "release_orders_no" ON "release_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "release_orders_position" ON "release_orders" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "stock_movements_position" ON "stock_movements" USING btree ("position_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_warehouse" ON "stock_movements" USING btree ("warehouse_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_depositor" ON "stock_movements" USING btree ("depositor_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_operation" ON "stock_movements" USING btree ("operation_no");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_positions_key" ON "stock_positions" USING btree ("warehouse_id","location_id","depositor_id","goods_id","batch_no");--> statement-breakpoint
CREATE INDEX "stock_positions_depositor" ON "stock_positions" USING btree ("depositor_id","warehouse_id","goods_id");--> statement-breakpoint
CREATE INDEX "stock_positions_goods" ON "stock_positions" USING btree ("goods_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_takes_no" ON "stock_takes" USING btree ("take_no");--> statement-breakpoint
CREATE INDEX "stock_takes_warehouse" ON "stock_takes" USING btree ("warehouse_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_locations_code" ON "warehouse_locations" USING btree ("warehouse_id","code");--> statement-breakpoint
CREATE INDEX "warehouse_receipt_events_receipt" ON "warehouse_receipt_events" USING btree ("receipt_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_receipts_no" ON "warehouse_receipts" USING btree ("receipt_no");--> statement-breakpoint
CREATE INDEX "warehouse_receipts_holder" ON "warehouse_receipts" USING btree ("holder_id","id");--> statement-breakpoint
CREATE INDEX "warehouse_receipts_warehouse" ON "warehouse_receipts" USING btree ("warehouse_id","id");--> statement-breakpoint
CREATE INDEX "warehouse_receipts_position" ON "warehouse_receipts" USING btree ("position_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name" ON "warehouses" USING btree ("name");--> statement-breakpoint
CREATE INDEX "warehouses_company" ON "warehouses" USING btree ("company_id");--> statement-breakpoint
-- The quantity ledger is immutable: a correction is a new movement (issue 13).
CREATE OR REPLACE FUNCTION stock_ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock movements are immutable (% on %)', TG_OP, TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_immutable BEFORE UPDATE OR DELETE ON "stock_movements" FOR EACH ROW EXECUTE FUNCTION stock_ledger_refuse_change();
