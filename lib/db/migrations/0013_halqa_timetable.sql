CREATE TABLE "halqa_timetable" (
	"connection_id" text NOT NULL,
	"halqa_id" text NOT NULL,
	"semester_id" text NOT NULL,
	"weekdays" integer[] NOT NULL,
	"starts_at" text NOT NULL,
	"ends_at" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "halqa_timetable_connection_id_halqa_id_pk" PRIMARY KEY("connection_id","halqa_id")
);
--> statement-breakpoint
ALTER TABLE "notice_settings" ADD COLUMN "missing_registers_on" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "halqa_timetable_semester" ON "halqa_timetable" USING btree ("connection_id","semester_id");