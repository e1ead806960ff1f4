CREATE TABLE "sign_in_pairs" (
	"email" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp (3) with time zone NOT NULL,
	"succeeded_at" timestamp (3) with time zone,
	CONSTRAINT "sign_in_pairs_email_address_pk" PRIMARY KEY("email","address")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_pairs_address" ON "sign_in_pairs" USING btree ("address","last_failure_at");