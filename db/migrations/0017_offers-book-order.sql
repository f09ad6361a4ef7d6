DROP INDEX "offers_open_book";--> statement-breakpoint
DROP INDEX "offers_open_book_server";--> statement-breakpoint
DROP INDEX "offers_open_list";--> statement-breakpoint
DROP INDEX "offers_completed";--> statement-breakpoint
CREATE INDEX "offers_open_book" ON "offers" USING btree ("item_id","side" DESC NULLS FIRST,(case when "side" = 'sell' then "unit_price" else -"unit_price" end),"id") WHERE "offers"."status" = 'open' and "offers"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "offers_open_book_server" ON "offers" USING btree ("item_id","server","side" DESC NULLS FIRST,(case when "side" = 'sell' then "unit_price" else -"unit_price" end),"id") WHERE "offers"."status" = 'open' and "offers"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "offers_open_list" ON "offers" USING btree ("side" DESC NULLS FIRST,(case when "side" = 'sell' then "unit_price" else -"unit_price" end),"id") WHERE "offers"."status" = 'open' and "offers"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "offers_completed" ON "offers" USING btree ("item_id","completed_at","unit_price","quantity") WHERE "offers"."status" = 'completed';