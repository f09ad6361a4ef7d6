CREATE TABLE "offer_trader_counts" (
	"uid" text PRIMARY KEY NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"positive" integer DEFAULT 0 NOT NULL,
	"negative" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_trader_counts_natural" CHECK ("offer_trader_counts"."trades" >= 0 and "offer_trader_counts"."positive" >= 0 and "offer_trader_counts"."negative" >= 0)
);
--> statement-breakpoint
ALTER TABLE "offer_trader_counts" ADD CONSTRAINT "offer_trader_counts_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Adds to one member's counts. A decrease only updates (a member being deleted has no row to
-- recreate); an increase creates the row on a member's first trade or feedback.
CREATE FUNCTION offer_trader_counts_add(who text, d_trades integer, d_positive integer, d_negative integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF who IS NULL OR (d_trades = 0 AND d_positive = 0 AND d_negative = 0) THEN
    RETURN;
  END IF;
  IF d_trades < 0 OR d_positive < 0 OR d_negative < 0 THEN
    UPDATE offer_trader_counts
      SET trades = greatest(0, trades + d_trades), positive = greatest(0, positive + d_positive), negative = greatest(0, negative + d_negative)
      WHERE uid = who;
  ELSE
    INSERT INTO offer_trader_counts AS c (uid, trades, positive, negative) VALUES (who, d_trades, d_positive, d_negative)
      ON CONFLICT (uid) DO UPDATE
      SET trades = c.trades + d_trades, positive = c.positive + d_positive, negative = c.negative + d_negative;
  END IF;
END $$;
--> statement-breakpoint
-- A completed offer is a trade for its owner and for its counterparty. The two rows change in the
-- order of their uids, whatever the offer's roles: two trades completing at once between the same
-- two members, each the other's owner, otherwise lock them in opposite orders and deadlock.
CREATE FUNCTION offer_trader_counts_offers() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_owner text;
  old_counterparty text;
  new_owner text;
  new_counterparty text;
  who text;
  delta integer;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'completed' THEN
    old_owner := OLD.owner_uid;
    old_counterparty := OLD.counterparty_uid;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'completed' THEN
    new_owner := NEW.owner_uid;
    new_counterparty := NEW.counterparty_uid;
  END IF;
  FOR who, delta IN
    SELECT uid, sum(d)::integer FROM (VALUES (old_owner, -1), (old_counterparty, -1), (new_owner, 1), (new_counterparty, 1)) AS v(uid, d)
    WHERE uid IS NOT NULL GROUP BY uid HAVING sum(d) <> 0 ORDER BY uid
  LOOP
    PERFORM offer_trader_counts_add(who, delta, 0, 0);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER offer_trader_counts_offers_write AFTER INSERT OR DELETE ON offers
  FOR EACH ROW EXECUTE FUNCTION offer_trader_counts_offers();
--> statement-breakpoint
CREATE TRIGGER offer_trader_counts_offers_move AFTER UPDATE OF status, owner_uid, counterparty_uid ON offers
  FOR EACH ROW
  WHEN ((OLD.status = 'completed' OR NEW.status = 'completed') AND (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.owner_uid IS DISTINCT FROM NEW.owner_uid
    OR OLD.counterparty_uid IS DISTINCT FROM NEW.counterparty_uid))
  EXECUTE FUNCTION offer_trader_counts_offers();
--> statement-breakpoint
-- Feedback counts for the member it is about.
CREATE FUNCTION offer_trader_counts_feedback() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM offer_trader_counts_add(OLD.to_uid, 0, -(OLD.score > 0)::integer, -(OLD.score < 0)::integer);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM offer_trader_counts_add(NEW.to_uid, 0, (NEW.score > 0)::integer, (NEW.score < 0)::integer);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER offer_trader_counts_feedback_write AFTER INSERT OR DELETE ON offer_feedback
  FOR EACH ROW EXECUTE FUNCTION offer_trader_counts_feedback();
--> statement-breakpoint
CREATE TRIGGER offer_trader_counts_feedback_change AFTER UPDATE OF to_uid, score ON offer_feedback
  FOR EACH ROW
  WHEN (OLD.to_uid IS DISTINCT FROM NEW.to_uid OR OLD.score IS DISTINCT FROM NEW.score)
  EXECUTE FUNCTION offer_trader_counts_feedback();
--> statement-breakpoint
-- Recounts every member from the two tables: after a bulk load with the triggers off, and once here.
CREATE FUNCTION offer_trader_counts_rebuild() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM offer_trader_counts;
  INSERT INTO offer_trader_counts (uid, trades, positive, negative)
  SELECT uid, sum(trades), sum(positive), sum(negative) FROM (
    SELECT owner_uid AS uid, 1 AS trades, 0 AS positive, 0 AS negative FROM offers WHERE status = 'completed'
    UNION ALL
    SELECT counterparty_uid, 1, 0, 0 FROM offers WHERE status = 'completed' AND counterparty_uid IS NOT NULL
    UNION ALL
    SELECT to_uid, 0, (score > 0)::integer, (score < 0)::integer FROM offer_feedback
  ) AS counted GROUP BY uid;
$$;
--> statement-breakpoint
SELECT offer_trader_counts_rebuild();
