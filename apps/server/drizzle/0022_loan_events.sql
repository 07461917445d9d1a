CREATE TABLE "loan_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"loan_id" integer NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"from_status" text,
	"to_status" text,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_events_loan" ON "loan_events" USING btree ("product","loan_id","id");--> statement-breakpoint
-- The history of both products moves into the one table, in the order it happened.
INSERT INTO "loan_events" ("product", "loan_id", "action", "note", "from_status", "to_status", "actor_id", "actor_name", "created_at")
SELECT "product", "loan_id", "action", "note", "from_status", "to_status", "actor_id", "actor_name", "created_at" FROM (
  SELECT 'SUPPLY' AS "product", "financing_id" AS "loan_id", "action", "note", "from_status", "to_status", "actor_id", "actor_name", "created_at", "id" AS "old_id", 1 AS "part" FROM "financing_events"
  UNION ALL
  SELECT 'PLEDGE', "financing_id", "action", "note", "from_status", "to_status", "actor_id", "actor_name", "created_at", "id", 2 FROM "pledge_events"
) AS history
ORDER BY "created_at", "part", "old_id";
