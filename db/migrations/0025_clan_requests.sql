CREATE TABLE "clan_announcements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"clan_id" text NOT NULL,
	"author_uid" text,
	"text" text NOT NULL,
	"client_id" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clan_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"clan_id" text NOT NULL,
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"actor_uid" text,
	"created_at" bigint NOT NULL,
	CONSTRAINT "clan_requests_kind" CHECK ("clan_requests"."kind" in ('request', 'invite'))
);
--> statement-breakpoint
ALTER TABLE "clan_announcements" ADD CONSTRAINT "clan_announcements_clan_id_clans_id_fk" FOREIGN KEY ("clan_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_announcements" ADD CONSTRAINT "clan_announcements_author_uid_auth_users_id_fk" FOREIGN KEY ("author_uid") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_requests" ADD CONSTRAINT "clan_requests_clan_id_clans_id_fk" FOREIGN KEY ("clan_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_requests" ADD CONSTRAINT "clan_requests_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_requests" ADD CONSTRAINT "clan_requests_actor_uid_auth_users_id_fk" FOREIGN KEY ("actor_uid") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clan_announcements_client" ON "clan_announcements" USING btree ("clan_id","client_id");--> statement-breakpoint
CREATE INDEX "clan_announcements_clan" ON "clan_announcements" USING btree ("clan_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "clan_requests_open" ON "clan_requests" USING btree ("clan_id","uid","kind");--> statement-breakpoint
CREATE INDEX "clan_requests_uid" ON "clan_requests" USING btree ("uid");