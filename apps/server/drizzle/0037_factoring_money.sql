CREATE TABLE "factoring_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"financing_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"principal" bigint DEFAULT 0 NOT NULL,
	"interest" bigint DEFAULT 0 NOT NULL,
	"penalty" bigint DEFAULT 0 NOT NULL,
	"rebate" bigint DEFAULT 0 NOT NULL,
	"interest_refund" bigint DEFAULT 0 NOT NULL,
	"payer_name" text,
	"reference" text,
	"source_key" text NOT NULL,
	"ref_no" text,
	"collected_on" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "factoring_collections_amounts" CHECK ("factoring_collections"."amount" > 0 and "factoring_collections"."principal" >= 0 and "factoring_collections"."interest" >= 0 and "factoring_collections"."penalty" >= 0 and "factoring_collections"."rebate" >= 0 and "factoring_collections"."interest_refund" >= 0)
);
--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "recourse" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "platforms" ADD COLUMN "collection_grace_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "factoring_collections" ADD CONSTRAINT "factoring_collections_financing_id_financings_id_fk" FOREIGN KEY ("financing_id") REFERENCES "public"."financings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factoring_collections" ADD CONSTRAINT "factoring_collections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "factoring_collections_source" ON "factoring_collections" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "factoring_collections_financing" ON "factoring_collections" USING btree ("financing_id","id");--> statement-breakpoint
ALTER TABLE "platforms" ADD CONSTRAINT "platforms_collection_grace" CHECK ("platforms"."collection_grace_days" >= 0 and "platforms"."collection_grace_days" <= 90);