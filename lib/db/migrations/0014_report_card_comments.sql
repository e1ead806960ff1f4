CREATE TABLE "report_card_comments" (
	"connection_id" text NOT NULL,
	"semester_id" text NOT NULL,
	"student_id" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "report_card_comments_connection_id_semester_id_student_id_pk" PRIMARY KEY("connection_id","semester_id","student_id")
);
