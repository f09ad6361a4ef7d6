CREATE TABLE "content_drafts" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"op" text NOT NULL,
	"entry" jsonb,
	"updated_by" text,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "content_drafts_kind_id_pk" PRIMARY KEY("kind","id"),
	CONSTRAINT "content_drafts_op" CHECK ("content_drafts"."op" in ('create', 'update', 'delete')),
	CONSTRAINT "content_drafts_entry" CHECK (("content_drafts"."op" = 'delete') = ("content_drafts"."entry" is null))
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"checksum" text NOT NULL,
	"pack_gz" "bytea" NOT NULL,
	"source" text NOT NULL,
	"restored_from" integer,
	"created_by" text,
	"created_at" bigint NOT NULL,
	CONSTRAINT "content_versions_number_unique" UNIQUE("number"),
	CONSTRAINT "content_versions_source" CHECK ("content_versions"."source" in ('initial', 'publish', 'restore', 'import'))
);
--> statement-breakpoint
ALTER TABLE "content_packs" ADD COLUMN "version" integer;--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_updated_by_auth_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;