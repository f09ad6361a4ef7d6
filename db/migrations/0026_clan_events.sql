CREATE TABLE "clan_event_answers" (
	"event_id" bigint NOT NULL,
	"uid" text NOT NULL,
	"answer" text NOT NULL,
	"answered_at" bigint NOT NULL,
	CONSTRAINT "clan_event_answers_event_id_uid_pk" PRIMARY KEY("event_id","uid"),
	CONSTRAINT "clan_event_answers_answer" CHECK ("clan_event_answers"."answer" in ('going', 'maybe', 'no'))
);
--> statement-breakpoint
CREATE TABLE "clan_event_reminders" (
	"event_id" bigint NOT NULL,
	"occurrence" bigint NOT NULL,
	"uid" text NOT NULL,
	"sent_at" bigint NOT NULL,
	CONSTRAINT "clan_event_reminders_event_id_occurrence_uid_pk" PRIMARY KEY("event_id","occurrence","uid")
);
--> statement-breakpoint
CREATE TABLE "clan_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"clan_id" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" bigint NOT NULL,
	"repeat" text,
	"created_by" text,
	"client_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "clan_events_repeat" CHECK ("clan_events"."repeat" is null or "clan_events"."repeat" = 'weekly')
);
--> statement-breakpoint
ALTER TABLE "clan_event_answers" ADD CONSTRAINT "clan_event_answers_event_id_clan_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."clan_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_event_answers" ADD CONSTRAINT "clan_event_answers_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_event_reminders" ADD CONSTRAINT "clan_event_reminders_event_id_clan_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."clan_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_event_reminders" ADD CONSTRAINT "clan_event_reminders_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_events" ADD CONSTRAINT "clan_events_clan_id_clans_id_fk" FOREIGN KEY ("clan_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_events" ADD CONSTRAINT "clan_events_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clan_events_client" ON "clan_events" USING btree ("clan_id","client_id");--> statement-breakpoint
CREATE INDEX "clan_events_starts" ON "clan_events" USING btree ("starts_at");