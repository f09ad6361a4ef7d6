CREATE TABLE "clan_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"clan_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor_uid" text,
	"target_uid" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clan_members" (
	"clan_id" text NOT NULL,
	"uid" text NOT NULL,
	"server" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" bigint NOT NULL,
	CONSTRAINT "clan_members_clan_id_uid_pk" PRIMARY KEY("clan_id","uid"),
	CONSTRAINT "clan_members_role" CHECK ("clan_members"."role" in ('leader', 'officer', 'member'))
);
--> statement-breakpoint
CREATE TABLE "clans" (
	"id" text PRIMARY KEY NOT NULL,
	"server" text NOT NULL,
	"name" text NOT NULL,
	"tag" text NOT NULL,
	"emblem" text NOT NULL,
	"language" text NOT NULL,
	"recruiting" boolean DEFAULT true NOT NULL,
	"hidden_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "clans_tag" CHECK ("clans"."tag" ~ '^[A-Z0-9]{2,5}$'),
	CONSTRAINT "clans_language" CHECK ("clans"."language" in ('vi', 'en'))
);
--> statement-breakpoint
ALTER TABLE "clan_log" ADD CONSTRAINT "clan_log_clan_id_clans_id_fk" FOREIGN KEY ("clan_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_log" ADD CONSTRAINT "clan_log_actor_uid_auth_users_id_fk" FOREIGN KEY ("actor_uid") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_log" ADD CONSTRAINT "clan_log_target_uid_auth_users_id_fk" FOREIGN KEY ("target_uid") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_members" ADD CONSTRAINT "clan_members_clan_id_clans_id_fk" FOREIGN KEY ("clan_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_members" ADD CONSTRAINT "clan_members_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clan_log_clan" ON "clan_log" USING btree ("clan_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "clan_members_one_per_server" ON "clan_members" USING btree ("uid","server");--> statement-breakpoint
CREATE UNIQUE INDEX "clan_members_one_leader" ON "clan_members" USING btree ("clan_id") WHERE "clan_members"."role" = 'leader';--> statement-breakpoint
CREATE UNIQUE INDEX "clans_server_name" ON "clans" USING btree ("server",f_unaccent(lower("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "clans_server_tag" ON "clans" USING btree ("server","tag");--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_clan_id_clans_id_fk" FOREIGN KEY ("clan_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_clan" ON "chat_rooms" USING btree ("clan_id");