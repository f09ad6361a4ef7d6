ALTER TABLE "audit_log" DROP COLUMN "data";--> statement-breakpoint
-- The audit log is append-only: an entry is never changed nor removed, except its actor becoming null
-- when that account is deleted (the foreign key's ON DELETE SET NULL).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW."actor_uid" IS NULL
    AND NEW."id" = OLD."id" AND NEW."action" = OLD."action" AND NEW."target_kind" = OLD."target_kind"
    AND NEW."target_id" = OLD."target_id" AND NEW."note" IS NOT DISTINCT FROM OLD."note"
    AND NEW."before" IS NOT DISTINCT FROM OLD."before" AND NEW."after" IS NOT DISTINCT FROM OLD."after"
    AND NEW."ip" IS NOT DISTINCT FROM OLD."ip" AND NEW."created_at" = OLD."created_at" THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
