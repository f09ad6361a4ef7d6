DROP INDEX "users_name_search";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "folded_name" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(display_name, '')))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_name_search" ON "users" USING gin ("folded_name" gin_trgm_ops);