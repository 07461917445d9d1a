CREATE TABLE "pledge_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"name" text NOT NULL,
	"uscc" text,
	"contact_name" text,
	"contact_mobile" text,
	"address" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pledge_sign_persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"name" text NOT NULL,
	"id_card" text NOT NULL,
	"mobile" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "release_orders" ADD COLUMN "receiver" jsonb;--> statement-breakpoint
ALTER TABLE "pledge_customers" ADD CONSTRAINT "pledge_customers_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_customers" ADD CONSTRAINT "pledge_customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_sign_persons" ADD CONSTRAINT "pledge_sign_persons_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_sign_persons" ADD CONSTRAINT "pledge_sign_persons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pledge_customers_enterprise" ON "pledge_customers" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_customers_one_active" ON "pledge_customers" USING btree ("enterprise_id","name") WHERE "pledge_customers"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "pledge_sign_persons_enterprise" ON "pledge_sign_persons" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_sign_persons_one_active" ON "pledge_sign_persons" USING btree ("enterprise_id","id_card") WHERE "pledge_sign_persons"."status" = 'ACTIVE';