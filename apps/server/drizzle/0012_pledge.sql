CREATE TABLE "goods_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"price_date" date NOT NULL,
	"unit_price" bigint NOT NULL,
	"source" text NOT NULL,
	"recorded_by" integer,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_prices_positive" CHECK ("goods_prices"."unit_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "pledge_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"financing_id" integer NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"from_status" text,
	"to_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pledge_financings" (
	"id" serial PRIMARY KEY NOT NULL,
	"financing_no" text NOT NULL,
	"enterprise_id" integer NOT NULL,
	"platform_id" integer NOT NULL,
	"credit_line_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reserved" bigint DEFAULT 0 NOT NULL,
	"term_days" integer NOT NULL,
	"annual_rate_ppm" integer NOT NULL,
	"service_fee_rate_ppm" integer NOT NULL,
	"penalty_multiplier_ppm" integer NOT NULL,
	"interest_mode" text NOT NULL,
	"pledge_rate_ppm" integer NOT NULL,
	"warning_line_ppm" integer NOT NULL,
	"liquidation_line_ppm" integer NOT NULL,
	"margin_rate_ppm" integer NOT NULL,
	"interest" bigint NOT NULL,
	"service_fee" bigint NOT NULL,
	"net_amount" bigint NOT NULL,
	"value_at_apply" bigint NOT NULL,
	"margin" bigint NOT NULL,
	"margin_paid" bigint DEFAULT 0 NOT NULL,
	"top_up_margin" bigint DEFAULT 0 NOT NULL,
	"outstanding" bigint DEFAULT 0 NOT NULL,
	"interest_owed" bigint DEFAULT 0 NOT NULL,
	"penalty_owed" bigint DEFAULT 0 NOT NULL,
	"penalty_accrued_to" date,
	"apply_date" date NOT NULL,
	"start_date" date,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"overdue" boolean DEFAULT false NOT NULL,
	"defaulted" boolean DEFAULT false NOT NULL,
	"last_unit_price" bigint NOT NULL,
	"last_value" bigint NOT NULL,
	"last_ltv_ppm" integer DEFAULT 0 NOT NULL,
	"pickup_person" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_financings_money" CHECK ("pledge_financings"."amount" > 0 and "pledge_financings"."reserved" >= 0 and "pledge_financings"."margin" >= 0 and "pledge_financings"."margin_paid" >= 0 and "pledge_financings"."top_up_margin" >= 0 and "pledge_financings"."outstanding" >= 0 and "pledge_financings"."interest_owed" >= 0 and "pledge_financings"."penalty_owed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pledge_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"financing_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"receipt_id" integer,
	"goods_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"released_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "pledge_items_quantities" CHECK ("pledge_items"."quantity" > 0 and "pledge_items"."released_quantity" >= 0 and "pledge_items"."released_quantity" <= "pledge_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "pledge_margin_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"financing_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"ltv_ppm" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"deadline" date NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "pledge_margin_calls_amount" CHECK ("pledge_margin_calls"."amount" > 0 and "pledge_margin_calls"."paid_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pledge_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"pledge_rate_ppm" integer NOT NULL,
	"warning_line_ppm" integer NOT NULL,
	"liquidation_line_ppm" integer NOT NULL,
	"margin_rate_ppm" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_terms_lines" CHECK ("pledge_terms"."pledge_rate_ppm" > 0 and "pledge_terms"."pledge_rate_ppm" < "pledge_terms"."warning_line_ppm" and "pledge_terms"."warning_line_ppm" < "pledge_terms"."liquidation_line_ppm" and "pledge_terms"."liquidation_line_ppm" <= 1000000 and "pledge_terms"."margin_rate_ppm" between 0 and 1000000)
);
--> statement-breakpoint
ALTER TABLE "goods_prices" ADD CONSTRAINT "goods_prices_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_prices" ADD CONSTRAINT "goods_prices_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_events" ADD CONSTRAINT "pledge_events_financing_id_pledge_financings_id_fk" FOREIGN KEY ("financing_id") REFERENCES "public"."pledge_financings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_events" ADD CONSTRAINT "pledge_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_financings" ADD CONSTRAINT "pledge_financings_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_financings" ADD CONSTRAINT "pledge_financings_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_financings" ADD CONSTRAINT "pledge_financings_credit_line_id_credit_lines_id_fk" FOREIGN KEY ("credit_line_id") REFERENCES "public"."credit_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_financings" ADD CONSTRAINT "pledge_financings_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_financings" ADD CONSTRAINT "pledge_financings_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_financings" ADD CONSTRAINT "pledge_financings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_items" ADD CONSTRAINT "pledge_items_financing_id_pledge_financings_id_fk" FOREIGN KEY ("financing_id") REFERENCES "public"."pledge_financings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_items" ADD CONSTRAINT "pledge_items_position_id_stock_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."stock_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_items" ADD CONSTRAINT "pledge_items_receipt_id_warehouse_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."warehouse_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_items" ADD CONSTRAINT "pledge_items_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_margin_calls" ADD CONSTRAINT "pledge_margin_calls_financing_id_pledge_financings_id_fk" FOREIGN KEY ("financing_id") REFERENCES "public"."pledge_financings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_terms" ADD CONSTRAINT "pledge_terms_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_terms" ADD CONSTRAINT "pledge_terms_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_prices_goods" ON "goods_prices" USING btree ("goods_id","id");--> statement-breakpoint
CREATE INDEX "pledge_events_financing" ON "pledge_events" USING btree ("financing_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_financings_no" ON "pledge_financings" USING btree ("financing_no");--> statement-breakpoint
CREATE INDEX "pledge_financings_enterprise" ON "pledge_financings" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE INDEX "pledge_financings_goods_status" ON "pledge_financings" USING btree ("goods_id","status");--> statement-breakpoint
CREATE INDEX "pledge_items_financing" ON "pledge_items" USING btree ("financing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_margin_calls_one_open" ON "pledge_margin_calls" USING btree ("financing_id") WHERE "pledge_margin_calls"."status" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_terms_platform_goods" ON "pledge_terms" USING btree ("platform_id","goods_id");