CREATE TABLE "character_power" (
	"claim_id" bigint PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"server" text NOT NULL,
	"class_id" text NOT NULL,
	"level" integer NOT NULL,
	"power" bigint NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"stats_id" bigint NOT NULL,
	"first_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "character_stats" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_id" bigint NOT NULL,
	"class_id" text NOT NULL,
	"level" integer NOT NULL,
	"power" bigint NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clan_snapshots" (
	"week_start" bigint NOT NULL,
	"clan_id" text NOT NULL,
	"power" bigint NOT NULL,
	"rank" integer NOT NULL,
	"server_rank" integer NOT NULL,
	CONSTRAINT "clan_snapshots_week_start_clan_id_pk" PRIMARY KEY("week_start","clan_id")
);
--> statement-breakpoint
CREATE TABLE "ranking_snapshots" (
	"week_start" bigint NOT NULL,
	"claim_id" bigint NOT NULL,
	"power" bigint NOT NULL,
	"rank" integer NOT NULL,
	"server_rank" integer NOT NULL,
	"class_rank" integer NOT NULL,
	"server_class_rank" integer NOT NULL,
	CONSTRAINT "ranking_snapshots_week_start_claim_id_pk" PRIMARY KEY("week_start","claim_id")
);
--> statement-breakpoint
CREATE TABLE "ranking_weeks" (
	"week_start" bigint PRIMARY KEY NOT NULL,
	"taken_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clans" ADD COLUMN "power" bigint;--> statement-breakpoint
ALTER TABLE "character_power" ADD CONSTRAINT "character_power_claim_id_character_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."character_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_power" ADD CONSTRAINT "character_power_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_stats" ADD CONSTRAINT "character_stats_claim_id_character_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."character_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_snapshots" ADD CONSTRAINT "clan_snapshots_clan_id_clans_id_fk" FOREIGN KEY ("clan_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_snapshots" ADD CONSTRAINT "ranking_snapshots_claim_id_character_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."character_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "character_power_rank" ON "character_power" USING btree ("power" DESC NULLS LAST,"claim_id");--> statement-breakpoint
CREATE INDEX "character_power_server" ON "character_power" USING btree ("server","power" DESC NULLS LAST,"claim_id");--> statement-breakpoint
CREATE INDEX "character_power_class" ON "character_power" USING btree ("class_id","power" DESC NULLS LAST,"claim_id");--> statement-breakpoint
CREATE INDEX "character_power_server_class" ON "character_power" USING btree ("server","class_id","power" DESC NULLS LAST,"claim_id");--> statement-breakpoint
CREATE INDEX "character_power_uid" ON "character_power" USING btree ("uid","server");--> statement-breakpoint
CREATE INDEX "character_stats_claim" ON "character_stats" USING btree ("claim_id","at");--> statement-breakpoint
CREATE INDEX "ranking_snapshots_claim" ON "ranking_snapshots" USING btree ("claim_id","week_start");--> statement-breakpoint
CREATE INDEX "clans_power" ON "clans" USING btree ("power" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "clans_server_power" ON "clans" USING btree ("server","power" DESC NULLS LAST,"id");