CREATE TABLE "notebook_settings" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"mistake_types" jsonb,
	"rating_thresholds" jsonb,
	"recent_pages" integer DEFAULT 5 NOT NULL,
	"cycle_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "recitation_mistakes" (
	"connection_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"recitation_id" text NOT NULL,
	"seq" integer NOT NULL,
	"session_id" text NOT NULL,
	"student_id" text NOT NULL,
	"type" text NOT NULL,
	"surah" integer,
	"ayah" integer,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"recorded_by" text,
	CONSTRAINT "recitation_mistakes_connection_id_recitation_id_seq_pk" PRIMARY KEY("connection_id","recitation_id","seq")
);
--> statement-breakpoint
CREATE INDEX "recitation_mistakes_student" ON "recitation_mistakes" USING btree ("connection_id","student_id","recorded_at");