ALTER TABLE "progress_sync_state" ADD COLUMN "sessions_tail_updated_after" text;--> statement-breakpoint
ALTER TABLE "progress_sync_state" ADD COLUMN "sessions_tail_cursor" text;--> statement-breakpoint
ALTER TABLE "progress_sync_state" ADD COLUMN "sessions_tail_at" timestamp (3) with time zone;