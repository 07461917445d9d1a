CREATE TABLE "tax_bureau_credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"issued_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_bureau_credit_notes_amount" CHECK ("tax_bureau_credit_notes"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "dilutions" ADD COLUMN "credited" bigint;--> statement-breakpoint
ALTER TABLE "financed_assets" ADD COLUMN "credited" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_bureau_invoices" ADD COLUMN "credited" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_bureau_credit_notes" ADD CONSTRAINT "tax_bureau_credit_notes_invoice_id_tax_bureau_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_bureau_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_bureau_credit_notes_invoice" ON "tax_bureau_credit_notes" USING btree ("invoice_id","id");--> statement-breakpoint
ALTER TABLE "financed_assets" ADD CONSTRAINT "financed_assets_credited" CHECK ("financed_assets"."credited" >= 0 and "financed_assets"."credited" <= "financed_assets"."amount");--> statement-breakpoint
ALTER TABLE "tax_bureau_invoices" ADD CONSTRAINT "tax_bureau_invoices_credited" CHECK ("tax_bureau_invoices"."credited" >= 0 and "tax_bureau_invoices"."credited" <= "tax_bureau_invoices"."amount");