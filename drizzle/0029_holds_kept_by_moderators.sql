ALTER TYPE "public"."moderation_action" ADD VALUE 'keep_hold';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hold_kept_at" timestamp with time zone;