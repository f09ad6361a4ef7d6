CREATE TABLE "guide_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guide_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"version" integer NOT NULL,
	"approved_by" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"author_uid" text NOT NULL,
	"client_id" text,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"reject_reason" text,
	"published_revision_id" bigint,
	"hidden_at" bigint,
	"deleted_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"submitted_at" bigint,
	"published_at" bigint,
	CONSTRAINT "guides_status" CHECK ("guides"."status" in ('draft', 'review', 'published'))
);
--> statement-breakpoint
CREATE TABLE "contribution_points" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"reason" text NOT NULL,
	"points" integer NOT NULL,
	"source" text NOT NULL,
	"actor_uid" text,
	"day" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contribution_totals" (
	"uid" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"title_by_admin" boolean DEFAULT false NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guide_revisions" ADD CONSTRAINT "guide_revisions_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_revisions" ADD CONSTRAINT "guide_revisions_approved_by_auth_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_author_uid_auth_users_id_fk" FOREIGN KEY ("author_uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_points" ADD CONSTRAINT "contribution_points_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_totals" ADD CONSTRAINT "contribution_totals_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guide_revisions_number" ON "guide_revisions" USING btree ("guide_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "guides_client" ON "guides" USING btree ("author_uid","client_id");--> statement-breakpoint
CREATE INDEX "guides_author" ON "guides" USING btree ("author_uid","updated_at");--> statement-breakpoint
CREATE INDEX "guides_status" ON "guides" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "guides_title_search" ON "guides" USING gin (f_unaccent(lower("title")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "contribution_points_source" ON "contribution_points" USING btree ("uid","reason","source");--> statement-breakpoint
CREATE INDEX "contribution_points_day" ON "contribution_points" USING btree ("uid","day");--> statement-breakpoint
CREATE INDEX "contribution_points_created" ON "contribution_points" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contribution_totals_points" ON "contribution_totals" USING btree ("points");--> statement-breakpoint
CREATE INDEX "posts_body_search" ON "posts" USING gin (f_unaccent(lower("body")) gin_trgm_ops);