ALTER TABLE "contracts" ADD COLUMN "countersigned_by" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "countersigned_by_name" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "countersigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_countersigned_by_users_id_fk" FOREIGN KEY ("countersigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;