CREATE TABLE "notification_preferences" (
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"browser" boolean DEFAULT true NOT NULL,
	CONSTRAINT "notification_preferences_uid_kind_pk" PRIMARY KEY("uid","kind")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_uid" text,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"note" text,
	"data" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_reporters" (
	"report_id" bigint NOT NULL,
	"uid" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "report_reporters_report_id_uid_pk" PRIMARY KEY("report_id","uid")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"count" bigint DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"resolved_by" text,
	"resolved_at" bigint,
	"action" text,
	"note" text,
	CONSTRAINT "reports_status" CHECK ("reports"."status" in ('open', 'resolved')),
	CONSTRAINT "reports_action" CHECK ("reports"."action" is null or "reports"."action" in ('hide', 'delete', 'dismiss'))
);
--> statement-breakpoint
CREATE TABLE "presence" (
	"uid" text PRIMARY KEY NOT NULL,
	"last_seen_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_uid_auth_users_id_fk" FOREIGN KEY ("actor_uid") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reporters" ADD CONSTRAINT "report_reporters_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reporters" ADD CONSTRAINT "report_reporters_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_auth_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presence" ADD CONSTRAINT "presence_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_target" ON "reports" USING btree ("kind","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_status_updated" ON "reports" USING btree ("status","updated_at");