DROP INDEX "character_claims_uid";--> statement-breakpoint
DROP INDEX "character_claims_character";--> statement-breakpoint
ALTER TABLE "character_claims" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "character_claims" ADD COLUMN "code" text DEFAULT ('LV-' || upper(substr(md5(random()::text), 1, 4))) NOT NULL;--> statement-breakpoint
ALTER TABLE "character_claims" ADD COLUMN "verified_at" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "character_claims_member" ON "character_claims" USING btree ("uid",f_unaccent(lower("name")),"server");--> statement-breakpoint
CREATE UNIQUE INDEX "character_claims_character" ON "character_claims" USING btree (f_unaccent(lower("name")),"server") WHERE "character_claims"."status" = 'verified';--> statement-breakpoint
ALTER TABLE "character_claims" ADD CONSTRAINT "character_claims_status" CHECK ("character_claims"."status" in ('pending', 'verified'));--> statement-breakpoint
-- Hand-written (keep when regenerating): claims made before proofs were asked for become pending
-- (the column's default) and get 7 days from now to send one, instead of expiring at once.
UPDATE "character_claims" SET "created_at" = (extract(epoch from now()) * 1000)::bigint WHERE "status" = 'pending';
