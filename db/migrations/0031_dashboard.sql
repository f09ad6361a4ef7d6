CREATE TABLE "dashboard_days" (
	"day" text PRIMARY KEY NOT NULL,
	"sign_ups" integer DEFAULT 0 NOT NULL,
	"sign_ins_vi" integer DEFAULT 0 NOT NULL,
	"sign_ins_en" integer DEFAULT 0 NOT NULL,
	"posts" integer DEFAULT 0 NOT NULL,
	"chat_messages" integer DEFAULT 0 NOT NULL,
	"offers_opened" integer DEFAULT 0 NOT NULL,
	"offers_completed" integer DEFAULT 0 NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"active_week" integer DEFAULT 0 NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_activity" (
	"period" text NOT NULL,
	"uid" text NOT NULL,
	CONSTRAINT "member_activity_period_uid_pk" PRIMARY KEY("period","uid")
);
--> statement-breakpoint
CREATE INDEX "chat_messages_created" ON "chat_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "report_reporters_created" ON "report_reporters" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "offers_created" ON "offers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "offers_completed_at" ON "offers" USING btree ("completed_at") WHERE "offers"."completed_at" is not null;