CREATE TABLE "contract_number_counters" (
	"day" text PRIMARY KEY NOT NULL,
	"last_seq" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_no" text NOT NULL,
	"enterprise_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"related_type" text NOT NULL,
	"related_id" text NOT NULL,
	"related_no" text,
	"counterparty" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'TO_SIGN' NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"effective_date" date,
	"expiry_date" date,
	"file_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"file_sha256" text NOT NULL,
	"signed_by" integer,
	"signed_by_name" text,
	"signed_at" timestamp with time zone,
	"signer_ip" text,
	"signed_sha256" text,
	"voided_at" timestamp with time zone,
	CONSTRAINT "contracts_amount_not_negative" CHECK ("contracts"."amount" >= 0),
	CONSTRAINT "contracts_signed_complete" CHECK ("contracts"."status" <> 'SIGNED' or ("contracts"."signed_by" is not null and "contracts"."signed_at" is not null and "contracts"."signed_sha256" is not null))
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_contract_no" ON "contracts" USING btree ("contract_no");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_stored_name" ON "contracts" USING btree ("stored_name");--> statement-breakpoint
CREATE INDEX "contracts_enterprise" ON "contracts" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE INDEX "contracts_related" ON "contracts" USING btree ("related_type","related_id");