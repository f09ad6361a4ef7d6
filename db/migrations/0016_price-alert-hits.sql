CREATE TABLE "price_alert_hits" (
	"alert_id" bigint NOT NULL,
	"offer_id" bigint NOT NULL,
	"fired_at" bigint NOT NULL,
	CONSTRAINT "price_alert_hits_alert_id_offer_id_pk" PRIMARY KEY("alert_id","offer_id")
);
--> statement-breakpoint
ALTER TABLE "price_alert_hits" ADD CONSTRAINT "price_alert_hits_alert_id_price_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."price_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alert_hits" ADD CONSTRAINT "price_alert_hits_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alert_hits_offer" ON "price_alert_hits" USING btree ("offer_id");