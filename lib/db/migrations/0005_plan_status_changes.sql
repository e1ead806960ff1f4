CREATE TABLE "plan_status_changes" (
	"connection_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"seen_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "plan_status_changes_connection_id_plan_id_at_pk" PRIMARY KEY("connection_id","plan_id","at")
);
--> statement-breakpoint
CREATE INDEX "plan_status_changes_at" ON "plan_status_changes" USING btree ("connection_id","at");