CREATE TABLE "comment_likes" (
	"comment_id" bigint NOT NULL,
	"uid" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "comment_likes_comment_id_uid_pk" PRIMARY KEY("comment_id","uid")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" bigint NOT NULL,
	"parent_id" bigint,
	"author_uid" text NOT NULL,
	"client_id" text NOT NULL,
	"body" text NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"hidden_at" bigint,
	"hidden_by" text,
	"deleted_at" bigint,
	"created_at" bigint NOT NULL,
	"edited_at" bigint
);
--> statement-breakpoint
CREATE TABLE "post_images" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"post_id" bigint,
	"content_type" text NOT NULL,
	"data" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_likes" (
	"post_id" bigint NOT NULL,
	"uid" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "post_likes_post_id_uid_pk" PRIMARY KEY("post_id","uid")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"author_uid" text NOT NULL,
	"client_id" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"entry_kind" text,
	"entry_id" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"pinned_at" bigint,
	"hidden_at" bigint,
	"hidden_by" text,
	"deleted_at" bigint,
	"created_at" bigint NOT NULL,
	"edited_at" bigint,
	CONSTRAINT "posts_entry" CHECK (("posts"."entry_kind" is null) = ("posts"."entry_id" is null))
);
--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_uid_auth_users_id_fk" FOREIGN KEY ("author_uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_uid_auth_users_id_fk" FOREIGN KEY ("author_uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comments_client" ON "comments" USING btree ("author_uid","client_id");--> statement-breakpoint
CREATE INDEX "comments_post" ON "comments" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "post_images_post" ON "post_images" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_likes_created" ON "post_likes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_client" ON "posts" USING btree ("author_uid","client_id");--> statement-breakpoint
CREATE INDEX "posts_language" ON "posts" USING btree ("language","id");--> statement-breakpoint
CREATE INDEX "posts_created" ON "posts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "posts_author" ON "posts" USING btree ("author_uid","id");