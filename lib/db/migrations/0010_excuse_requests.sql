CREATE TABLE "excuse_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"parent_user_id" text NOT NULL,
	"lineage_id" text NOT NULL,
	"child_name" text NOT NULL,
	"day" text NOT NULL,
	"reason" text NOT NULL,
	"created_day" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp (3) with time zone,
	"seen_by" text
);
--> statement-breakpoint
CREATE INDEX "excuse_requests_day" ON "excuse_requests" USING btree ("connection_id","tenant_id","day");--> statement-breakpoint
CREATE INDEX "excuse_requests_parent" ON "excuse_requests" USING btree ("parent_user_id","created_day");