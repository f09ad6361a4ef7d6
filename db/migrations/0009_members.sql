CREATE TABLE "profile_settings" (
	"uid" text PRIMARY KEY NOT NULL,
	"listed" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_settings" ADD CONSTRAINT "profile_settings_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_name_search" ON "users" USING gin (f_unaccent(lower(coalesce("display_name", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_level" ON "users" USING btree ("level");