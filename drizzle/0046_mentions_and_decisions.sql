ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "notice_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_notice_id_moderation_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."moderation_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_notice_idx" ON "notifications" USING btree ("notice_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('comment', 'reply', 'mention', 'like', 'follow', 'new_tip', 'reminder', 'decision', 'outcome'));--> statement-breakpoint
-- A comment that names members by @handle tells them (ADR 079): at most the first ten named, each once,
-- on a tip anyone may see, and only those not told of the comment already as the tip's or the thread's
-- author (this trigger runs after comments_notify). An edit tells only those it newly names. The rules of
-- notify_member hold: never oneself, nor a member who blocked the writer, nor from an account on hold.
CREATE FUNCTION "comments_notify_mentions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM "tips" WHERE "id" = NEW."tip_id" AND "shown" AND "availability" = 'Public'
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM "notify_member"("users"."id", 'mention', NEW."tip_id", NEW."id", NEW."author_id")
  FROM (
    SELECT "found"."match"[1] AS "handle", min("found"."place") AS "place"
    FROM regexp_matches(lower(NEW."body"), '(?:^|[^a-z0-9_@/.])@([a-z0-9_]{2,25})(?![a-z0-9_])', 'g')
      WITH ORDINALITY AS "found"("match", "place")
    GROUP BY 1
    ORDER BY 2
    LIMIT 10
  ) AS "named"
  JOIN "users" ON "users"."handle" = "named"."handle"
  WHERE NOT EXISTS (
      SELECT 1 FROM "notifications" WHERE "user_id" = "users"."id" AND "comment_id" = NEW."id"
    )
    AND (
      TG_OP = 'INSERT'
      OR lower(OLD."body") !~ ('(?:^|[^a-z0-9_@/.])@' || "named"."handle" || '(?![a-z0-9_])')
    );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "comments_notify_mentions" AFTER INSERT ON "comments"
  FOR EACH ROW WHEN (NEW."state" = 'visible' AND NEW."hold" IS NULL AND NOT NEW."author_held")
  EXECUTE FUNCTION "comments_notify_mentions"();
--> statement-breakpoint
CREATE TRIGGER "comments_notify_mentions_on_edit" AFTER UPDATE OF "body" ON "comments"
  FOR EACH ROW WHEN (
    NEW."body" IS DISTINCT FROM OLD."body"
    AND NEW."state" = 'visible' AND NEW."hold" IS NULL AND NOT NEW."author_held"
  )
  EXECUTE FUNCTION "comments_notify_mentions"();
--> statement-breakpoint
-- The moderators' word on a decision (a notice: to the item's author, and to each member who reported it)
-- is a notification too; the notice seen is the notification read, and the other way round.
CREATE FUNCTION "moderation_notices_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "notifications" ("user_id", "kind", "notice_id", "read_at")
  VALUES (NEW."user_id", NEW."kind"::text, NEW."id", NEW."seen_at");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "moderation_notices_notify" AFTER INSERT ON "moderation_notices"
  FOR EACH ROW EXECUTE FUNCTION "moderation_notices_notify"();
--> statement-breakpoint
CREATE FUNCTION "moderation_notices_seen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "notifications" SET "read_at" = NEW."seen_at" WHERE "notice_id" = NEW."id" AND "read_at" IS NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "moderation_notices_seen" AFTER UPDATE OF "seen_at" ON "moderation_notices"
  FOR EACH ROW WHEN (OLD."seen_at" IS NULL AND NEW."seen_at" IS NOT NULL)
  EXECUTE FUNCTION "moderation_notices_seen"();
--> statement-breakpoint
CREATE FUNCTION "notifications_notice_read"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "moderation_notices" SET "seen_at" = NEW."read_at" WHERE "id" = NEW."notice_id" AND "seen_at" IS NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_notice_read" AFTER UPDATE OF "read_at" ON "notifications"
  FOR EACH ROW WHEN (NEW."notice_id" IS NOT NULL AND OLD."read_at" IS NULL AND NEW."read_at" IS NOT NULL)
  EXECUTE FUNCTION "notifications_notice_read"();
