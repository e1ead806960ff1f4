CREATE UNLOGGED TABLE "live_mark_versions" (
	"key" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"written_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_mark_versions_written" ON "live_mark_versions" USING btree ("written_at");