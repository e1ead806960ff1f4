CREATE TABLE "plan_sync_state" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text,
	"watermark" text,
	"last_completed_at" timestamp (3) with time zone,
	"last_mode" text,
	"last_counts" jsonb,
	"cycle_id" text,
	"cycle_mode" text,
	"cycle_started_at" timestamp (3) with time zone,
	"cycle_updated_after" text,
	"cycle_watermark" text,
	"cycle_cursor" text,
	"cycle_phase" text,
	"cycle_counts" jsonb,
	"cycle_expected_plans" integer,
	"cycle_updated_at" timestamp (3) with time zone,
	"lease_owner" text,
	"lease_expires_at" timestamp (3) with time zone,
	"last_error" jsonb
);
--> statement-breakpoint
CREATE TABLE "synced_assignments" (
	"connection_id" text NOT NULL,
	"id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"student_id" text NOT NULL,
	"position" integer NOT NULL,
	"status" text NOT NULL,
	"superseded_at" timestamp (3) with time zone,
	"replaced_by_assignment_id" text,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"synced_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "synced_assignments_connection_id_id_pk" PRIMARY KEY("connection_id","id")
);
--> statement-breakpoint
CREATE TABLE "synced_plans" (
	"connection_id" text NOT NULL,
	"id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"student_id" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"synced_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "synced_plans_connection_id_id_pk" PRIMARY KEY("connection_id","id")
);
--> statement-breakpoint
CREATE INDEX "synced_assignments_plan" ON "synced_assignments" USING btree ("connection_id","plan_id","position");--> statement-breakpoint
CREATE INDEX "synced_assignments_student" ON "synced_assignments" USING btree ("connection_id","student_id");--> statement-breakpoint
CREATE INDEX "synced_plans_status" ON "synced_plans" USING btree ("connection_id","status","id");--> statement-breakpoint
CREATE INDEX "synced_plans_student" ON "synced_plans" USING btree ("connection_id","student_id","id");