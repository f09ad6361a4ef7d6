CREATE TABLE "chat_blocks" (
	"uid" text NOT NULL,
	"blocked_uid" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "chat_blocks_uid_blocked_uid_pk" PRIMARY KEY("uid","blocked_uid")
);
--> statement-breakpoint
CREATE TABLE "chat_message_events" (
	"id" bigint PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"message_id" bigint NOT NULL,
	"type" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "chat_message_events_type" CHECK ("chat_message_events"."type" in ('message-updated', 'message-deleted'))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"author_uid" text NOT NULL,
	"client_id" text NOT NULL,
	"text" text NOT NULL,
	"mentions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" bigint NOT NULL,
	"edited_at" bigint,
	"deleted_at" bigint,
	"deleted_by" text
);
--> statement-breakpoint
CREATE TABLE "chat_mutes" (
	"room_id" text NOT NULL,
	"uid" text NOT NULL,
	"until" bigint NOT NULL,
	"muted_by" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "chat_mutes_room_id_uid_pk" PRIMARY KEY("room_id","uid")
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"room_id" text NOT NULL,
	"uid" text NOT NULL,
	"last_read_id" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_reads_room_id_uid_pk" PRIMARY KEY("room_id","uid")
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"language" text,
	"clan_id" text,
	"member_a" text,
	"member_b" text,
	"slow_mode_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "chat_rooms_kind" CHECK ("chat_rooms"."kind" in ('global', 'clan', 'direct')),
	CONSTRAINT "chat_rooms_direct_pair" CHECK ("chat_rooms"."kind" <> 'direct' or ("chat_rooms"."member_a" is not null and "chat_rooms"."member_a" < "chat_rooms"."member_b"))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"actor_uid" text,
	"link" text,
	"data" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"read_at" bigint
);
--> statement-breakpoint
ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_blocked_uid_auth_users_id_fk" FOREIGN KEY ("blocked_uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_events" ADD CONSTRAINT "chat_message_events_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_events" ADD CONSTRAINT "chat_message_events_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_uid_auth_users_id_fk" FOREIGN KEY ("author_uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_member_a_auth_users_id_fk" FOREIGN KEY ("member_a") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_member_b_auth_users_id_fk" FOREIGN KEY ("member_b") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_uid_auth_users_id_fk" FOREIGN KEY ("actor_uid") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_message_events_room" ON "chat_message_events" USING btree ("room_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client" ON "chat_messages" USING btree ("author_uid","client_id");--> statement-breakpoint
CREATE INDEX "chat_messages_room" ON "chat_messages" USING btree ("room_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_direct" ON "chat_rooms" USING btree ("member_a","member_b");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_global_language" ON "chat_rooms" USING btree ("language");--> statement-breakpoint
CREATE INDEX "notifications_uid" ON "notifications" USING btree ("uid","id");--> statement-breakpoint
INSERT INTO "chat_rooms" ("id", "kind", "language", "created_at") VALUES ('global-vi', 'global', 'vi', 0), ('global-en-US', 'global', 'en-US', 0) ON CONFLICT DO NOTHING;
