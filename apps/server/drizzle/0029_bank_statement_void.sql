DROP INDEX "bank_statements_account_file";--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_account_file" ON "bank_statements" USING btree ("account_no","file_sha256") WHERE "bank_statements"."voided_at" is null;