CREATE TABLE "notice_job_state" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp (3) with time zone,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_run_at" timestamp (3) with time zone,
	"last_weekly_week" text
);
--> statement-breakpoint
CREATE TABLE "notice_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"recipient_user_id" text NOT NULL,
	"recipient_email" text NOT NULL,
	"locale" text NOT NULL,
	"lineage_id" text NOT NULL,
	"subject_ref" text NOT NULL,
	"day" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_error_code" text,
	"claimed_by" text,
	"message_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "notice_preferences" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notice_registers" (
	"connection_id" text NOT NULL,
	"session_id" text NOT NULL,
	"rows_through" timestamp (3) with time zone NOT NULL,
	"settled_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "notice_registers_connection_id_session_id_pk" PRIMARY KEY("connection_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "notice_settings" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"absence_on" boolean DEFAULT true NOT NULL,
	"weekly_on" boolean DEFAULT true NOT NULL,
	"weekly_day" integer DEFAULT 4 NOT NULL,
	"weekly_time" text DEFAULT '16:00' NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notice_outbox_idempotency" ON "notice_outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "notice_outbox_due" ON "notice_outbox" USING btree ("connection_id","status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notice_outbox_day" ON "notice_outbox" USING btree ("connection_id","day");