ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "audit_log_actor" ON "audit_log" USING btree ("actor_uid","id");--> statement-breakpoint
CREATE INDEX "audit_log_action" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_target" ON "audit_log" USING btree ("target_kind","target_id","id");--> statement-breakpoint
-- What a decision set, written as text before this migration, is its "after" now.
UPDATE "audit_log" SET "after" = "data"::jsonb WHERE "data" IS NOT NULL;