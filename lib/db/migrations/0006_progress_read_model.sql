CREATE TABLE "progress_attendance" (
	"connection_id" text NOT NULL,
	"id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"student_id" text NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "progress_attendance_connection_id_id_pk" PRIMARY KEY("connection_id","id")
);
--> statement-breakpoint
CREATE TABLE "progress_recitations" (
	"connection_id" text NOT NULL,
	"id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"student_id" text NOT NULL,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "progress_recitations_connection_id_id_pk" PRIMARY KEY("connection_id","id")
);
--> statement-breakpoint
CREATE TABLE "progress_sessions" (
	"connection_id" text NOT NULL,
	"id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"halqa_id" text NOT NULL,
	"date" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"synced_at" timestamp (3) with time zone NOT NULL,
	"children_synced_at" timestamp (3) with time zone,
	CONSTRAINT "progress_sessions_connection_id_id_pk" PRIMARY KEY("connection_id","id")
);
--> statement-breakpoint
CREATE TABLE "progress_settings" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"not_heard_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "progress_students" (
	"connection_id" text NOT NULL,
	"id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"halqa_id" text NOT NULL,
	"lineage_id" text NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "progress_students_connection_id_id_pk" PRIMARY KEY("connection_id","id")
);
--> statement-breakpoint
CREATE TABLE "progress_sync_state" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text,
	"watermark" text,
	"last_completed_at" timestamp (3) with time zone,
	"last_full_at" timestamp (3) with time zone,
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
	"lease_owner" text,
	"lease_expires_at" timestamp (3) with time zone,
	"last_error" jsonb
);
--> statement-breakpoint
CREATE INDEX "progress_attendance_session" ON "progress_attendance" USING btree ("connection_id","session_id");--> statement-breakpoint
CREATE INDEX "progress_attendance_student" ON "progress_attendance" USING btree ("connection_id","student_id");--> statement-breakpoint
CREATE INDEX "progress_recitations_session" ON "progress_recitations" USING btree ("connection_id","session_id");--> statement-breakpoint
CREATE INDEX "progress_recitations_student" ON "progress_recitations" USING btree ("connection_id","student_id","recorded_at");--> statement-breakpoint
CREATE INDEX "progress_sessions_halqa_date" ON "progress_sessions" USING btree ("connection_id","halqa_id","date");--> statement-breakpoint
CREATE INDEX "progress_students_halqa" ON "progress_students" USING btree ("connection_id","halqa_id");