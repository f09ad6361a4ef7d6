CREATE TABLE "announcements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"text_vi" text NOT NULL,
	"text_en" text NOT NULL,
	"starts_at" bigint NOT NULL,
	"ends_at" bigint NOT NULL,
	"notify" boolean DEFAULT false NOT NULL,
	"notified_through" text,
	"notified_at" bigint,
	"created_by" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_ends" ON "announcements" USING btree ("ends_at");