CREATE TABLE "risk_snapshots" (
	"business_date" date PRIMARY KEY NOT NULL,
	"exposure" jsonb NOT NULL,
	"aging" jsonb NOT NULL,
	"ratios" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
