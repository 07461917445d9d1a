ALTER TABLE "contracts" ADD COLUMN "signed_stored_name" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "signed_file_size" bigint;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "signed_file_sha256" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_signed_stored_name" ON "contracts" USING btree ("signed_stored_name");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_signed_version_complete" CHECK (("contracts"."signed_stored_name" is null) = ("contracts"."signed_file_sha256" is null) and ("contracts"."signed_stored_name" is null) = ("contracts"."signed_file_size" is null) and ("contracts"."signed_stored_name" is null or "contracts"."signed_sha256" is not null));