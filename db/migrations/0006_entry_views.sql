CREATE TABLE "entry_views" (
	"kind" text NOT NULL,
	"entry_id" text NOT NULL,
	"day" integer NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "entry_views_kind_entry_id_day_pk" PRIMARY KEY("kind","entry_id","day")
);
--> statement-breakpoint
CREATE INDEX "entry_views_day" ON "entry_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "favorites_created" ON "favorites" USING btree ("created_at");