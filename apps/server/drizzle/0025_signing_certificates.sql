CREATE TABLE "signing_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"enterprise_id" integer,
	"subject_name" text NOT NULL,
	"uscc" text NOT NULL,
	"person_name" text,
	"serial" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"encrypted_key_pem" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_certificates_holder" CHECK (("signing_certificates"."holder" = 'ENTERPRISE' and "signing_certificates"."enterprise_id" is not null) or ("signing_certificates"."holder" = 'FACTOR' and "signing_certificates"."enterprise_id" is null))
);
--> statement-breakpoint
ALTER TABLE "signing_certificates" ADD CONSTRAINT "signing_certificates_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signing_certificates_serial" ON "signing_certificates" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "signing_certificates_enterprise" ON "signing_certificates" USING btree ("enterprise_id","not_after");