CREATE TABLE "ps_feature_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"before" boolean NOT NULL,
	"enabled" boolean NOT NULL,
	"reason" text NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ps_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"name" text NOT NULL,
	"spec" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"tax_rate_ppm" integer NOT NULL,
	"unit_price" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ps_order_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"enterprise_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ps_order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"enterprise_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ps_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"goods_id" integer,
	"goods_name" text NOT NULL,
	"spec" text,
	"unit" text NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"fulfilled" numeric(15, 3) DEFAULT '0' NOT NULL,
	"unit_price" bigint NOT NULL,
	"tax_rate_ppm" integer NOT NULL,
	"amount" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "ps_order_lines_quantities" CHECK ("ps_order_lines"."quantity" > 0 and "ps_order_lines"."fulfilled" >= 0 and "ps_order_lines"."fulfilled" <= "ps_order_lines"."quantity"),
	CONSTRAINT "ps_order_lines_amounts" CHECK ("ps_order_lines"."unit_price" > 0 and "ps_order_lines"."total" = "ps_order_lines"."amount" + "ps_order_lines"."tax")
);
--> statement-breakpoint
CREATE TABLE "ps_order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"direction" text NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"from_controlled" bigint DEFAULT 0 NOT NULL,
	"from_free" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"loan_repaid" bigint DEFAULT 0 NOT NULL,
	"payee_id" integer,
	"payee_name" text,
	"payee_account_no" text,
	"ref_nos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"enterprise_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ps_order_payments_amounts" CHECK ("ps_order_payments"."amount" > 0 and "ps_order_payments"."from_controlled" >= 0 and "ps_order_payments"."from_free" >= 0 and "ps_order_payments"."fee" >= 0 and "ps_order_payments"."loan_repaid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ps_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"owner_enterprise_id" integer NOT NULL,
	"buyer_enterprise_id" integer,
	"seller_enterprise_id" integer,
	"counterparty_name" text NOT NULL,
	"counterparty_bank_name" text,
	"counterparty_account_no" text,
	"delivery_date" date NOT NULL,
	"remark" text,
	"amount" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ps_orders_amounts" CHECK ("ps_orders"."amount" > 0 and "ps_orders"."tax" >= 0 and "ps_orders"."total_amount" = "ps_orders"."amount" + "ps_orders"."tax" and "ps_orders"."paid_amount" >= 0 and "ps_orders"."paid_amount" <= "ps_orders"."total_amount"),
	CONSTRAINT "ps_orders_sides" CHECK ("ps_orders"."owner_enterprise_id" = "ps_orders"."buyer_enterprise_id" or "ps_orders"."owner_enterprise_id" = "ps_orders"."seller_enterprise_id")
);
--> statement-breakpoint
ALTER TABLE "ps_feature_log" ADD CONSTRAINT "ps_feature_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_feature_log" ADD CONSTRAINT "ps_feature_log_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_goods" ADD CONSTRAINT "ps_goods_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_order_attachments" ADD CONSTRAINT "ps_order_attachments_order_id_ps_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ps_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_order_attachments" ADD CONSTRAINT "ps_order_attachments_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_order_attachments" ADD CONSTRAINT "ps_order_attachments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_order_events" ADD CONSTRAINT "ps_order_events_order_id_ps_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ps_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_order_events" ADD CONSTRAINT "ps_order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_order_events" ADD CONSTRAINT "ps_order_events_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_order_lines" ADD CONSTRAINT "ps_order_lines_order_id_ps_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ps_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_order_lines" ADD CONSTRAINT "ps_order_lines_goods_id_ps_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."ps_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_order_payments" ADD CONSTRAINT "ps_order_payments_order_id_ps_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ps_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_order_payments" ADD CONSTRAINT "ps_order_payments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_order_payments" ADD CONSTRAINT "ps_order_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_orders" ADD CONSTRAINT "ps_orders_owner_enterprise_id_enterprises_id_fk" FOREIGN KEY ("owner_enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_orders" ADD CONSTRAINT "ps_orders_buyer_enterprise_id_enterprises_id_fk" FOREIGN KEY ("buyer_enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_orders" ADD CONSTRAINT "ps_orders_seller_enterprise_id_enterprises_id_fk" FOREIGN KEY ("seller_enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ps_orders" ADD CONSTRAINT "ps_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ps_feature_log_user" ON "ps_feature_log" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ps_goods_name_spec" ON "ps_goods" USING btree ("enterprise_id","name","spec");--> statement-breakpoint
CREATE UNIQUE INDEX "ps_order_attachments_upload" ON "ps_order_attachments" USING btree ("order_id","upload_id");--> statement-breakpoint
CREATE INDEX "ps_order_events_order" ON "ps_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ps_order_lines_seq" ON "ps_order_lines" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "ps_order_payments_order" ON "ps_order_payments" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ps_orders_no" ON "ps_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "ps_orders_buyer" ON "ps_orders" USING btree ("buyer_enterprise_id","id");--> statement-breakpoint
CREATE INDEX "ps_orders_seller" ON "ps_orders" USING btree ("seller_enterprise_id","id");