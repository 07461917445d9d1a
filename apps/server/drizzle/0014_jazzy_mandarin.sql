CREATE TABLE "pledge_vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_no" text NOT NULL,
	"financing_id" integer NOT NULL,
	"enterprise_id" integer NOT NULL,
	"kind" text NOT NULL,
	"margin_call_id" integer,
	"amount" bigint NOT NULL,
	"upload_id" integer NOT NULL,
	"payer_account_name" text NOT NULL,
	"payer_account_no" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"review_note" text,
	"entry_id" integer,
	"ref_no" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "pledge_vouchers_amount" CHECK ("pledge_vouchers"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "pledge_vouchers" ADD CONSTRAINT "pledge_vouchers_financing_id_pledge_financings_id_fk" FOREIGN KEY ("financing_id") REFERENCES "public"."pledge_financings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_vouchers" ADD CONSTRAINT "pledge_vouchers_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_vouchers" ADD CONSTRAINT "pledge_vouchers_margin_call_id_pledge_margin_calls_id_fk" FOREIGN KEY ("margin_call_id") REFERENCES "public"."pledge_margin_calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_vouchers" ADD CONSTRAINT "pledge_vouchers_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_vouchers" ADD CONSTRAINT "pledge_vouchers_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_vouchers" ADD CONSTRAINT "pledge_vouchers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_vouchers" ADD CONSTRAINT "pledge_vouchers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_vouchers_no" ON "pledge_vouchers" USING btree ("voucher_no");--> statement-breakpoint
CREATE INDEX "pledge_vouchers_financing" ON "pledge_vouchers" USING btree ("financing_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_vouchers_one_pending" ON "pledge_vouchers" USING btree ("financing_id","kind") WHERE "pledge_vouchers"."status" = 'PENDING';