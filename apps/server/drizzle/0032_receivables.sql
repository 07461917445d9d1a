CREATE TABLE "dilutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"check_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"detected_on" date NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "financed_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"asset_key" text NOT NULL,
	"order_key" text,
	"label" text NOT NULL,
	"seller_key" text NOT NULL,
	"buyer_key" text NOT NULL,
	"invoice_code" text,
	"invoice_number" text,
	"issue_date" date,
	"amount" bigint NOT NULL,
	"enterprise_id" integer NOT NULL,
	"product" text NOT NULL,
	"financing_id" integer NOT NULL,
	"financing_no" text NOT NULL,
	"status" text DEFAULT 'HELD' NOT NULL,
	"matures_on" date,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"funded_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_note" text,
	CONSTRAINT "financed_assets_amount" CHECK ("financed_assets"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_key" text NOT NULL,
	"invoice_code" text NOT NULL,
	"invoice_number" text NOT NULL,
	"declared" jsonb NOT NULL,
	"trigger" text NOT NULL,
	"outcome" text NOT NULL,
	"bureau" jsonb,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text NOT NULL,
	"verifier" text NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"checked_on" date NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_bureau_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"bureau_key" text NOT NULL,
	"invoice_code" text NOT NULL,
	"invoice_number" text NOT NULL,
	"seller_credit_code" text NOT NULL,
	"seller_name" text NOT NULL,
	"buyer_credit_code" text NOT NULL,
	"buyer_name" text NOT NULL,
	"issue_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"tax_amount" bigint NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"order_no" text,
	"status" text DEFAULT 'NORMAL' NOT NULL,
	"status_date" date,
	"status_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_bureau_invoices_amounts" CHECK ("tax_bureau_invoices"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "tax_bureau_quota" (
	"bureau_key" text NOT NULL,
	"check_date" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_bureau_quota_bureau_key_check_date_pk" PRIMARY KEY("bureau_key","check_date")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "receivable_type" text DEFAULT 'SALE' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "order_no" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "basis_contract_no" text;--> statement-breakpoint
ALTER TABLE "dilutions" ADD CONSTRAINT "dilutions_asset_id_financed_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."financed_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dilutions" ADD CONSTRAINT "dilutions_check_id_invoice_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."invoice_checks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dilutions" ADD CONSTRAINT "dilutions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financed_assets" ADD CONSTRAINT "financed_assets_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_checks" ADD CONSTRAINT "invoice_checks_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dilutions_one_open" ON "dilutions" USING btree ("asset_id") WHERE "dilutions"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "dilutions_status" ON "dilutions" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "financed_assets_live_key" ON "financed_assets" USING btree ("asset_key") WHERE "financed_assets"."status" <> 'RELEASED';--> statement-breakpoint
CREATE INDEX "financed_assets_order_key" ON "financed_assets" USING btree ("order_key") WHERE "financed_assets"."status" <> 'RELEASED';--> statement-breakpoint
CREATE INDEX "financed_assets_financing" ON "financed_assets" USING btree ("product","financing_id");--> statement-breakpoint
CREATE INDEX "financed_assets_recheck" ON "financed_assets" USING btree ("status","matures_on");--> statement-breakpoint
CREATE INDEX "invoice_checks_key" ON "invoice_checks" USING btree ("invoice_key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_bureau_invoices_key" ON "tax_bureau_invoices" USING btree ("bureau_key");--> statement-breakpoint
-- Issue 36, moved in place: the receivables the live and settled financings hold become financed assets,
-- keyed as modules/receivables keys them (the domain's invoiceKeyOf / orderKeyOf / partyKey): a 数电票 by its
-- number, an old-style invoice by the seller's credit code, code and number, an order by buyer, seller and
-- number. Rejected and cancelled financings held nothing. A settled one keeps its receivables for good.
INSERT INTO "financed_assets" ("kind", "asset_key", "order_key", "label", "seller_key", "buyer_key", "invoice_code", "invoice_number", "issue_date", "amount", "enterprise_id", "product", "financing_id", "financing_no", "status", "matures_on", "held_at", "funded_at", "ended_at", "end_note")
SELECT 'INVOICE',
  CASE WHEN trim(i.invoice_number) ~ '^[0-9]{20}$' THEN 'INV:' || trim(i.invoice_number)
       ELSE 'INV:' || coalesce(nullif(upper(trim(s.uscc)), ''), 'E' || s.id) || ':' || trim(i.invoice_code) || ':' || trim(i.invoice_number) END,
  NULL,
  '发票 ' || CASE WHEN i.invoice_code = '' THEN i.invoice_number ELSE i.invoice_code || '-' || i.invoice_number END,
  coalesce(nullif(upper(trim(s.uscc)), ''), 'E' || s.id),
  coalesce(nullif(upper(trim(b.uscc)), ''), 'E' || b.id),
  i.invoice_code, i.invoice_number, i.issue_date, i.amount, f.enterprise_id, 'INVOICE', f.id, f.financing_no,
  CASE WHEN f.status = 'SETTLED' THEN 'SETTLED' WHEN f.status IN ('DISBURSED', 'REPAYING') THEN 'FUNDED' ELSE 'HELD' END,
  (SELECT max(t.due_date) FROM "financing_tranches" t WHERE t.financing_id = f.id AND t.status IN ('DISBURSED', 'SETTLED')),
  f.created_at,
  (SELECT min(t.disbursed_at) FROM "financing_tranches" t WHERE t.financing_id = f.id),
  CASE WHEN f.status = 'SETTLED' THEN f.settled_at END,
  CASE WHEN f.status = 'SETTLED' THEN '融资已结清' END
FROM "financings" f
JOIN "financing_invoices" fi ON fi.financing_id = f.id
JOIN "invoices" i ON i.id = fi.invoice_id
JOIN "enterprises" s ON s.id = i.enterprise_id
JOIN "enterprises" b ON b.id = i.buyer_enterprise_id
WHERE f.kind = 'INVOICE' AND f.status NOT IN ('REJECTED', 'CANCELLED')
ORDER BY f.id, i.id
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "financed_assets" ("kind", "asset_key", "order_key", "label", "seller_key", "buyer_key", "amount", "enterprise_id", "product", "financing_id", "financing_no", "status", "matures_on", "held_at", "funded_at", "ended_at", "end_note")
SELECT 'ORDER', k.order_key, k.order_key, '订单 ' || trim(o.order_no), k.seller_key, k.buyer_key, o.amount, f.enterprise_id, 'ORDER', f.id, f.financing_no,
  CASE WHEN f.status = 'SETTLED' THEN 'SETTLED' WHEN f.status IN ('DISBURSED', 'REPAYING') THEN 'FUNDED' ELSE 'HELD' END,
  (SELECT max(t.due_date) FROM "financing_tranches" t WHERE t.financing_id = f.id AND t.status IN ('DISBURSED', 'SETTLED')),
  f.created_at,
  (SELECT min(t.disbursed_at) FROM "financing_tranches" t WHERE t.financing_id = f.id),
  CASE WHEN f.status = 'SETTLED' THEN f.settled_at END,
  CASE WHEN f.status = 'SETTLED' THEN '融资已结清' END
FROM "financings" f
JOIN "order_receivables" o ON o.financing_id = f.id
JOIN "enterprises" s ON s.id = o.enterprise_id
JOIN "enterprises" b ON b.id = o.buyer_enterprise_id
CROSS JOIN LATERAL (SELECT
  coalesce(nullif(upper(trim(s.uscc)), ''), 'E' || s.id) AS seller_key,
  coalesce(nullif(upper(trim(b.uscc)), ''), 'E' || b.id) AS buyer_key,
  'ORD:' || coalesce(nullif(upper(trim(b.uscc)), ''), 'E' || b.id) || ':' || coalesce(nullif(upper(trim(s.uscc)), ''), 'E' || s.id) || ':' || upper(regexp_replace(o.order_no, '\s+', '', 'g')) AS order_key) k
WHERE f.kind = 'ORDER' AND f.status NOT IN ('REJECTED', 'CANCELLED')
ORDER BY f.id
ON CONFLICT DO NOTHING;
