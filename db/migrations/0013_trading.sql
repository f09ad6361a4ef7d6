CREATE TABLE "offer_feedback" (
	"offer_id" bigint NOT NULL,
	"from_uid" text NOT NULL,
	"to_uid" text NOT NULL,
	"score" smallint NOT NULL,
	"comment" text NOT NULL,
	"subject_name" text,
	"subject_server" text,
	"created_at" bigint NOT NULL,
	CONSTRAINT "offer_feedback_offer_id_from_uid_pk" PRIMARY KEY("offer_id","from_uid"),
	CONSTRAINT "offer_feedback_score" CHECK ("offer_feedback"."score" in (-1, 1))
);
--> statement-breakpoint
CREATE TABLE "offer_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" bigint NOT NULL,
	"author_uid" text NOT NULL,
	"client_id" text NOT NULL,
	"text" text NOT NULL,
	"hidden_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_uid" text NOT NULL,
	"client_id" text NOT NULL,
	"side" text NOT NULL,
	"item_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"server" text NOT NULL,
	"character_name" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"reserved_reply_id" bigint,
	"counterparty_uid" text,
	"owner_confirmed_at" bigint,
	"counterparty_confirmed_at" bigint,
	"reason" text,
	"hidden_at" bigint,
	"hidden_by" text,
	"expires_at" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"completed_at" bigint,
	CONSTRAINT "offers_side" CHECK ("offers"."side" in ('buy', 'sell')),
	CONSTRAINT "offers_status" CHECK ("offers"."status" in ('open', 'reserved', 'completed', 'cancelled', 'expired')),
	CONSTRAINT "offers_quantity" CHECK ("offers"."quantity" > 0),
	CONSTRAINT "offers_price" CHECK ("offers"."unit_price" > 0),
	CONSTRAINT "offers_reservation" CHECK (("offers"."status" <> 'reserved' or ("offers"."reserved_reply_id" is not null and "offers"."counterparty_uid" is not null)))
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"item_id" text NOT NULL,
	"side" text NOT NULL,
	"server" text NOT NULL,
	"max_price" bigint,
	"min_price" bigint,
	"created_at" bigint NOT NULL,
	"last_fired_at" bigint,
	CONSTRAINT "price_alerts_side" CHECK ("price_alerts"."side" in ('buy', 'sell')),
	CONSTRAINT "price_alerts_bound" CHECK (("price_alerts"."max_price" is null) <> ("price_alerts"."min_price" is null))
);
--> statement-breakpoint
CREATE TABLE "character_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"server" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_images" (
	"id" text PRIMARY KEY NOT NULL,
	"report_id" bigint NOT NULL,
	"uid" text NOT NULL,
	"content_type" text NOT NULL,
	"data" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bag_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"client_id" text NOT NULL,
	"item_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"enhancement" integer DEFAULT 0 NOT NULL,
	"note" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "bag_entries_quantity" CHECK ("bag_entries"."quantity" > 0),
	CONSTRAINT "bag_entries_enhancement" CHECK ("bag_entries"."enhancement" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"client_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pinned_at" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"client_id" text NOT NULL,
	"offer_id" bigint,
	"side" text NOT NULL,
	"item_id" text,
	"label" text,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"rate_id" text,
	"rate_basis_points" integer DEFAULT 0 NOT NULL,
	"tax" bigint NOT NULL,
	"net" bigint NOT NULL,
	"occurred_at" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "tax_ledger_side" CHECK ("tax_ledger"."side" in ('buy', 'sell')),
	CONSTRAINT "tax_ledger_quantity" CHECK ("tax_ledger"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_action";--> statement-breakpoint
ALTER TABLE "offer_feedback" ADD CONSTRAINT "offer_feedback_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_feedback" ADD CONSTRAINT "offer_feedback_from_uid_auth_users_id_fk" FOREIGN KEY ("from_uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_feedback" ADD CONSTRAINT "offer_feedback_to_uid_auth_users_id_fk" FOREIGN KEY ("to_uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_replies" ADD CONSTRAINT "offer_replies_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_replies" ADD CONSTRAINT "offer_replies_author_uid_auth_users_id_fk" FOREIGN KEY ("author_uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_owner_uid_auth_users_id_fk" FOREIGN KEY ("owner_uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_counterparty_uid_auth_users_id_fk" FOREIGN KEY ("counterparty_uid") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_claims" ADD CONSTRAINT "character_claims_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_images" ADD CONSTRAINT "report_images_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_images" ADD CONSTRAINT "report_images_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bag_entries" ADD CONSTRAINT "bag_entries_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_ledger" ADD CONSTRAINT "tax_ledger_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_feedback_to" ON "offer_feedback" USING btree ("to_uid","created_at");--> statement-breakpoint
CREATE INDEX "offer_feedback_subject" ON "offer_feedback" USING btree (f_unaccent(lower("subject_name")),"subject_server");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_replies_client" ON "offer_replies" USING btree ("author_uid","client_id");--> statement-breakpoint
CREATE INDEX "offer_replies_offer" ON "offer_replies" USING btree ("offer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_client" ON "offers" USING btree ("owner_uid","client_id");--> statement-breakpoint
CREATE INDEX "offers_open_book" ON "offers" USING btree ("item_id","side","unit_price","id") WHERE "offers"."status" = 'open' and "offers"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "offers_expiry" ON "offers" USING btree ("expires_at") WHERE "offers"."status" in ('open', 'reserved');--> statement-breakpoint
CREATE INDEX "offers_completed" ON "offers" USING btree ("item_id","completed_at") WHERE "offers"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "offers_owner" ON "offers" USING btree ("owner_uid","id");--> statement-breakpoint
CREATE INDEX "offers_counterparty" ON "offers" USING btree ("counterparty_uid","id") WHERE "offers"."counterparty_uid" is not null;--> statement-breakpoint
CREATE INDEX "offers_character" ON "offers" USING btree (f_unaccent(lower("character_name")),"server");--> statement-breakpoint
CREATE INDEX "price_alerts_match" ON "price_alerts" USING btree ("item_id","side","server");--> statement-breakpoint
CREATE INDEX "price_alerts_uid" ON "price_alerts" USING btree ("uid","id");--> statement-breakpoint
CREATE UNIQUE INDEX "character_claims_character" ON "character_claims" USING btree (f_unaccent(lower("name")),"server");--> statement-breakpoint
CREATE INDEX "character_claims_uid" ON "character_claims" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "report_images_report" ON "report_images" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bag_entries_client" ON "bag_entries" USING btree ("uid","client_id");--> statement-breakpoint
CREATE INDEX "bag_entries_uid" ON "bag_entries" USING btree ("uid","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notes_client" ON "notes" USING btree ("uid","client_id");--> statement-breakpoint
CREATE INDEX "notes_uid" ON "notes" USING btree ("uid","updated_at");--> statement-breakpoint
CREATE INDEX "notes_search" ON "notes" USING gin (f_unaccent(lower("title" || ' ' || "body")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "tax_ledger_client" ON "tax_ledger" USING btree ("uid","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_ledger_offer" ON "tax_ledger" USING btree ("uid","offer_id") WHERE "tax_ledger"."offer_id" is not null;--> statement-breakpoint
CREATE INDEX "tax_ledger_uid" ON "tax_ledger" USING btree ("uid","occurred_at");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_action" CHECK ("reports"."action" is null or "reports"."action" in ('hide', 'delete', 'dismiss', 'verify'));