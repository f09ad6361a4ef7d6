CREATE TABLE "content_words" (
	"word" text PRIMARY KEY NOT NULL,
	"entries" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "content_entries_name_search";--> statement-breakpoint
ALTER TABLE "content_entries" ADD COLUMN "folded_vi" text GENERATED ALWAYS AS (f_unaccent(lower(name_vi))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "content_entries" ADD COLUMN "folded_en" text GENERATED ALWAYS AS (f_unaccent(lower(name_en))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "content_entries" ADD COLUMN "folded_names" text GENERATED ALWAYS AS (f_unaccent(lower(name_vi || ' ' || name_en))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "content_words_trigram" ON "content_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "content_entries_folded_vi_prefix" ON "content_entries" USING btree ("folded_vi" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "content_entries_folded_en_prefix" ON "content_entries" USING btree ("folded_en" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "content_entries_name_search" ON "content_entries" USING gin ("folded_names" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "content_words" ("word", "entries")
  SELECT "word", count(*)::int FROM "content_entries", regexp_split_to_table("folded_names", '[^a-z0-9]+') AS "word"
  WHERE "word" <> '' GROUP BY "word";
