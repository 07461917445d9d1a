DROP TABLE "financing_events" CASCADE;--> statement-breakpoint
DROP TABLE "pledge_events" CASCADE;