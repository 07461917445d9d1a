CREATE TABLE "assignment_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_no" text NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"product" text NOT NULL,
	"financing_id" integer NOT NULL,
	"financing_no" text NOT NULL,
	"supplier_enterprise_id" integer NOT NULL,
	"debtor_enterprise_id" integer NOT NULL,
	"receivables" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"collection_account" jsonb NOT NULL,
	"mail_to" text,
	"contract_id" integer,
	"release_of" integer,
	"status" text NOT NULL,
	"send_on" text,
	"sent_reason" text,
	"delivered_by" text,
	"channel" text,
	"delivered_to" text,
	"delivery_ref" text,
	"sent_at" timestamp with time zone,
	"acknowledged_by" integer,
	"acknowledged_by_name" text,
	"acknowledged_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "assignment_notices_amount" CHECK ("assignment_notices"."amount" > 0),
	CONSTRAINT "assignment_notices_sent" CHECK ("assignment_notices"."status" not in ('SENT', 'ACKNOWLEDGED') or ("assignment_notices"."sent_at" is not null and "assignment_notices"."channel" is not null and "assignment_notices"."delivery_ref" is not null))
);
--> statement-breakpoint
CREATE TABLE "receivable_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_key" text NOT NULL,
	"asset_id" integer NOT NULL,
	"label" text NOT NULL,
	"debtor_enterprise_id" integer NOT NULL,
	"creditor_enterprise_id" integer NOT NULL,
	"status" text NOT NULL,
	"amount" bigint,
	"due_date" date,
	"no_set_off" boolean DEFAULT false NOT NULL,
	"letter_contract_id" integer,
	"letter_no" text,
	"confirmed_by" integer,
	"confirmed_by_name" text,
	"confirmed_at" timestamp with time zone,
	"dispute_reason" text,
	"disputed_by" integer,
	"disputed_by_name" text,
	"disputed_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receivable_confirmations_complete" CHECK (("receivable_confirmations"."status" <> 'CONFIRMED' or ("receivable_confirmations"."amount" > 0 and "receivable_confirmations"."letter_contract_id" is not null and "receivable_confirmations"."no_set_off" and "receivable_confirmations"."confirmed_at" is not null)) and ("receivable_confirmations"."status" <> 'DISPUTED' or "receivable_confirmations"."dispute_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "notice_mode" text DEFAULT 'DISCLOSED' NOT NULL;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "notice_email" text;--> statement-breakpoint
ALTER TABLE "financed_assets" ADD COLUMN "debtor_enterprise_id" integer;--> statement-breakpoint
ALTER TABLE "financed_assets" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "assignment_notices" ADD CONSTRAINT "assignment_notices_supplier_enterprise_id_enterprises_id_fk" FOREIGN KEY ("supplier_enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_notices" ADD CONSTRAINT "assignment_notices_debtor_enterprise_id_enterprises_id_fk" FOREIGN KEY ("debtor_enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_notices" ADD CONSTRAINT "assignment_notices_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_confirmations" ADD CONSTRAINT "receivable_confirmations_asset_id_financed_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."financed_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_confirmations" ADD CONSTRAINT "receivable_confirmations_debtor_enterprise_id_enterprises_id_fk" FOREIGN KEY ("debtor_enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_confirmations" ADD CONSTRAINT "receivable_confirmations_creditor_enterprise_id_enterprises_id_fk" FOREIGN KEY ("creditor_enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_confirmations" ADD CONSTRAINT "receivable_confirmations_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_confirmations" ADD CONSTRAINT "receivable_confirmations_disputed_by_users_id_fk" FOREIGN KEY ("disputed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_notices_no" ON "assignment_notices" USING btree ("notice_no");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_notices_one_live" ON "assignment_notices" USING btree ("product","financing_id") WHERE "assignment_notices"."kind" = 'ASSIGNMENT' and "assignment_notices"."status" <> 'VOID';--> statement-breakpoint
CREATE INDEX "assignment_notices_financing" ON "assignment_notices" USING btree ("product","financing_id");--> statement-breakpoint
CREATE INDEX "assignment_notices_debtor" ON "assignment_notices" USING btree ("debtor_enterprise_id","id");--> statement-breakpoint
CREATE INDEX "assignment_notices_status" ON "assignment_notices" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "receivable_confirmations_key" ON "receivable_confirmations" USING btree ("asset_key");--> statement-breakpoint
CREATE INDEX "receivable_confirmations_debtor" ON "receivable_confirmations" USING btree ("debtor_enterprise_id","id");--> statement-breakpoint
CREATE INDEX "receivable_confirmations_asset" ON "receivable_confirmations" USING btree ("asset_id");--> statement-breakpoint
ALTER TABLE "financed_assets" ADD CONSTRAINT "financed_assets_debtor_enterprise_id_enterprises_id_fk" FOREIGN KEY ("debtor_enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "financed_assets_debtor" ON "financed_assets" USING btree ("debtor_enterprise_id","id");--> statement-breakpoint
-- Issue 36, the debtor's part: every financed receivable names its debtor (the invoice's or the order's buyer) and an
-- invoice its due date, as the supply loan registered them — the rows 0032 moved in and those claimed since.
UPDATE "financed_assets" fa SET "debtor_enterprise_id" = i.buyer_enterprise_id, "due_date" = i.due_date
FROM "financing_invoices" fi
JOIN "invoices" i ON i.id = fi.invoice_id
WHERE fa.kind = 'INVOICE' AND fa.product = 'INVOICE' AND fa.financing_id = fi.financing_id
  AND fa.invoice_code = i.invoice_code AND fa.invoice_number = i.invoice_number AND fa.debtor_enterprise_id IS NULL;
--> statement-breakpoint
UPDATE "financed_assets" fa SET "debtor_enterprise_id" = o.buyer_enterprise_id
FROM "order_receivables" o
WHERE fa.kind = 'ORDER' AND fa.product = 'ORDER' AND o.financing_id = fa.financing_id AND fa.debtor_enterprise_id IS NULL;
