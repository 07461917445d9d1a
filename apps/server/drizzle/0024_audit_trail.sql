ALTER TABLE "bpm_audit_log" ADD COLUMN "operation" text;--> statement-breakpoint
ALTER TABLE "bpm_audit_log" ADD COLUMN "operation_label" text;--> statement-breakpoint
ALTER TABLE "bpm_audit_log" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "bpm_audit_log" ADD COLUMN "detail" text;--> statement-breakpoint
CREATE INDEX "bpm_audit_log_actor" ON "bpm_audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "bpm_audit_log_operation" ON "bpm_audit_log" USING btree ("operation","id");