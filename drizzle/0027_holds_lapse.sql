ALTER TABLE "users" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
-- Accounts held by reports before this release lapse 72 hours from now unless a moderator decides first.
UPDATE "users" SET "held_at" = now() WHERE "held" AND "suspended_until" IS NULL;
