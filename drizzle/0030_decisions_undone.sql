ALTER TABLE "moderation_cases" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD COLUMN "case_id" uuid;--> statement-breakpoint
CREATE INDEX "moderation_log_case_idx" ON "moderation_log" USING btree ("case_id");--> statement-breakpoint
-- Decisions logged before this release learn their case: the one decided by that moderator, about that
-- item, with that action, nearest the entry's time. The log is append-only, so its guard steps aside once.
ALTER TABLE "moderation_log" DISABLE TRIGGER "moderation_log_no_change";--> statement-breakpoint
UPDATE "moderation_log" AS "l" SET "case_id" = (
  SELECT "c"."id" FROM "moderation_cases" AS "c"
  WHERE "c"."target_type"::text = "l"."target_type" AND "c"."target_id" = "l"."target_id"
    AND "c"."decision"::text = "l"."action" AND "c"."decided_by" = "l"."actor_id"
  ORDER BY abs(extract(epoch FROM "c"."decided_at" - "l"."at")) LIMIT 1
)
WHERE "l"."action" IN ('dismiss', 'hide', 'delete', 'warn', 'suspend') AND "l"."actor_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_log" ENABLE TRIGGER "moderation_log_no_change";
