CREATE TABLE "content_entries" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"data" jsonb NOT NULL,
	"name_vi" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "content_entries_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "content_packs" (
	"slot" text PRIMARY KEY NOT NULL,
	"manifest" jsonb NOT NULL,
	"map_svg" text NOT NULL,
	"checksum" text NOT NULL,
	"imported_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "content_entries_name_search" ON "content_entries" USING gin (f_unaccent(lower("name_vi" || ' ' || "name_en")) gin_trgm_ops);