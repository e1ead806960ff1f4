CREATE TABLE "school_language_settings" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"default_locale" text DEFAULT 'en' NOT NULL,
	"numerals" text DEFAULT 'western' NOT NULL,
	"calendars" text DEFAULT 'gregorian-first' NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale_set_at" timestamp (3) with time zone;--> statement-breakpoint
-- People who existed before languages were settled at first sign-in keep the language they have.
UPDATE "users" SET "locale_set_at" = "updated_at";
