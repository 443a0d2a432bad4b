-- A tip's total_comments counts the comments anyone may read: visible, not on hold, their author not on
-- hold. A comment hidden pending review or removed by the moderators shows as a placeholder and is no
-- longer counted; a reader's own held comments and the comments of members they blocked are added and
-- taken away per reader when the count is answered (lib/comment-counts.ts).
CREATE OR REPLACE FUNCTION "comments_count_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(g) INTO delta FROM (
      SELECT "tip_id", count(*) AS n FROM new_rows
      WHERE "state" = 'visible' AND "hold" IS NULL AND NOT "author_held" GROUP BY 1) g;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(g) INTO delta FROM (
      SELECT "tip_id", -count(*) AS n FROM old_rows
      WHERE "state" = 'visible' AND "hold" IS NULL AND NOT "author_held" GROUP BY 1) g;
  ELSE
    SELECT jsonb_agg(g) INTO delta FROM (
      SELECT "tip_id", sum(n) AS n FROM (
        SELECT "tip_id", 1 AS n FROM new_rows
        WHERE "state" = 'visible' AND "hold" IS NULL AND NOT "author_held"
        UNION ALL
        SELECT "tip_id", -1 AS n FROM old_rows
        WHERE "state" = 'visible' AND "hold" IS NULL AND NOT "author_held"
      ) changes GROUP BY 1 HAVING sum(n) <> 0) g;
  END IF;
  -- A change that moves no count (an edit) leaves the tips alone, and so the answers cached from them.
  IF delta IS NOT NULL THEN
    PERFORM "comments_count_add"(delta);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
UPDATE "tips" SET "total_comments" = coalesce((
  SELECT count(*) FROM "comments" AS "c"
  WHERE "c"."tip_id" = "tips"."id" AND "c"."state" = 'visible' AND "c"."hold" IS NULL AND NOT "c"."author_held"
), 0);
--> statement-breakpoint
-- A member's own answer about a tip counts the comments they can read: it is dropped from the cache when
-- comments or blocks change (ADR 053).
CREATE TRIGGER "comments_notify_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "comments"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();--> statement-breakpoint
CREATE TRIGGER "blocks_notify_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blocks"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
