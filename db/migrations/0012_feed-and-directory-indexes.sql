CREATE INDEX "users_level_order" ON "users" USING btree ("level","created_at","uid");--> statement-breakpoint
CREATE INDEX "posts_top" ON "posts" USING btree ("language","like_count","comment_count","id");--> statement-breakpoint
CREATE INDEX "posts_pinned" ON "posts" USING btree ("language","pinned_at") WHERE "posts"."pinned_at" is not null;