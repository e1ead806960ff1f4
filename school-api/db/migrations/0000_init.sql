CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"rate_limit_per_minute" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"student_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"explanation" text,
	"staff_note" text,
	"published_at" timestamp (3) with time zone,
	"started_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"superseded_at" timestamp (3) with time zone,
	"replaced_by_assignment_id" text,
	"segments" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"session_id" text NOT NULL,
	"student_id" text NOT NULL,
	"status" text NOT NULL,
	"late_minutes" integer,
	"note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "halqa_sheikhs" (
	"school_id" text NOT NULL,
	"halqa_id" text NOT NULL,
	"sheikh_id" text NOT NULL,
	CONSTRAINT "halqa_sheikhs_halqa_id_sheikh_id_pk" PRIMARY KEY("halqa_id","sheikh_id")
);
--> statement-breakpoint
CREATE TABLE "halqas" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"lineage_id" text NOT NULL,
	"semester_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"publication_policy" text,
	"automation_paused" boolean,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"school_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_records_school_id_idempotency_key_pk" PRIMARY KEY("school_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "learning_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"student_id" text NOT NULL,
	"semester_id" text,
	"name" text NOT NULL,
	"period_start" date NOT NULL,
	"target_completion_date" date NOT NULL,
	"direction" text NOT NULL,
	"start_surah" integer NOT NULL,
	"start_ayah" integer NOT NULL,
	"destination_surah" integer NOT NULL,
	"destination_ayah" integer NOT NULL,
	"status" text NOT NULL,
	"workload_dataset_id" text NOT NULL,
	"tracks" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recitations" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"session_id" text NOT NULL,
	"student_id" text NOT NULL,
	"kind" text NOT NULL,
	"start_surah" integer NOT NULL,
	"start_ayah" integer NOT NULL,
	"end_surah" integer NOT NULL,
	"end_ayah" integer NOT NULL,
	"rating" integer NOT NULL,
	"mistakes" integer,
	"note" text,
	"private_note" text,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ar" text,
	"time_zone" text NOT NULL,
	"rating_scale" jsonb NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"write_rollout_eligible" boolean DEFAULT true NOT NULL,
	"write_access_enabled" boolean DEFAULT true NOT NULL,
	"allowed_write_scopes" jsonb,
	"allowed_networks" jsonb,
	"learning_plans_enabled" boolean DEFAULT true NOT NULL,
	"publication_policy" text DEFAULT 'staff_review' NOT NULL,
	"automation_paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "semesters" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"halqa_id" text NOT NULL,
	"sheikh_id" text NOT NULL,
	"semester_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"date" date NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"topic" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sheikhs" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"lineage_id" text NOT NULL,
	"semester_id" text NOT NULL,
	"halqa_id" text NOT NULL,
	"full_name" text NOT NULL,
	"preferred_name" text,
	"status" text DEFAULT 'active' NOT NULL,
	"enrolled_on" date,
	"date_of_birth" date,
	"guardian_phone" text,
	"private_notes" text,
	"publication_policy" text,
	"automation_paused" boolean,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_plan_id_learning_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."learning_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "halqa_sheikhs" ADD CONSTRAINT "halqa_sheikhs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "halqa_sheikhs" ADD CONSTRAINT "halqa_sheikhs_halqa_id_halqas_id_fk" FOREIGN KEY ("halqa_id") REFERENCES "public"."halqas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "halqa_sheikhs" ADD CONSTRAINT "halqa_sheikhs_sheikh_id_sheikhs_id_fk" FOREIGN KEY ("sheikh_id") REFERENCES "public"."sheikhs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "halqas" ADD CONSTRAINT "halqas_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "halqas" ADD CONSTRAINT "halqas_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_plans" ADD CONSTRAINT "learning_plans_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_plans" ADD CONSTRAINT "learning_plans_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_plans" ADD CONSTRAINT "learning_plans_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recitations" ADD CONSTRAINT "recitations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recitations" ADD CONSTRAINT "recitations_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recitations" ADD CONSTRAINT "recitations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semesters" ADD CONSTRAINT "semesters_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_halqa_id_halqas_id_fk" FOREIGN KEY ("halqa_id") REFERENCES "public"."halqas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_sheikh_id_sheikhs_id_fk" FOREIGN KEY ("sheikh_id") REFERENCES "public"."sheikhs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheikhs" ADD CONSTRAINT "sheikhs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_halqa_id_halqas_id_fk" FOREIGN KEY ("halqa_id") REFERENCES "public"."halqas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_plan_sequence" ON "assignments" USING btree ("plan_id","sequence");--> statement-breakpoint
CREATE INDEX "assignments_school" ON "assignments" USING btree ("school_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_one_per_student" ON "attendance" USING btree ("session_id","student_id");--> statement-breakpoint
CREATE INDEX "attendance_student" ON "attendance" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "halqa_sheikhs_sheikh" ON "halqa_sheikhs" USING btree ("sheikh_id");--> statement-breakpoint
CREATE INDEX "halqas_school" ON "halqas" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "halqas_lineage" ON "halqas" USING btree ("school_id","lineage_id");--> statement-breakpoint
CREATE INDEX "plans_school" ON "learning_plans" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "plans_student" ON "learning_plans" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "plans_updated" ON "learning_plans" USING btree ("school_id","updated_at");--> statement-breakpoint
CREATE INDEX "recitations_session" ON "recitations" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "recitations_student" ON "recitations" USING btree ("student_id","id");--> statement-breakpoint
CREATE INDEX "semesters_school" ON "semesters" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "sessions_school" ON "sessions" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "sessions_halqa" ON "sessions" USING btree ("halqa_id","date");--> statement-breakpoint
CREATE INDEX "sheikhs_school" ON "sheikhs" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "students_school" ON "students" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "students_halqa" ON "students" USING btree ("halqa_id");--> statement-breakpoint
CREATE INDEX "students_lineage" ON "students" USING btree ("school_id","lineage_id");