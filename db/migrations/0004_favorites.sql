CREATE TABLE "favorites" (
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"entry_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "favorites_uid_kind_entry_id_pk" PRIMARY KEY("uid","kind","entry_id")
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_uid_auth_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_uid_created" ON "favorites" USING btree ("uid","created_at");