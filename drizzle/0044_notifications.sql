CREATE TABLE "notification_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"unread_from_newcomers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"tip_id" uuid,
	"comment_id" uuid,
	"actor_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"from_newcomer" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('comment', 'reply', 'like', 'follow', 'new_tip', 'reminder'))
);
--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_updated_idx" ON "notifications" USING btree ("user_id","from_newcomer","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_tip_idx" ON "notifications" USING btree ("tip_id");--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "notifications_actors_idx" ON "notifications" USING gin ("actor_ids");--> statement-breakpoint
-- Each member's unread notifications, kept as they come, are read and go (ADR 079): the bell reads one
-- row instead of counting. A count only goes down where its row exists (a deleted account's may be gone
-- before its notifications are).
CREATE FUNCTION "notification_counts_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."read_at" IS NULL THEN
    UPDATE "notification_counts" SET
      "unread" = "unread" - CASE WHEN OLD."from_newcomer" THEN 0 ELSE 1 END,
      "unread_from_newcomers" = "unread_from_newcomers" - CASE WHEN OLD."from_newcomer" THEN 1 ELSE 0 END
    WHERE "user_id" = OLD."user_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."read_at" IS NULL THEN
    INSERT INTO "notification_counts" ("user_id", "unread", "unread_from_newcomers")
    VALUES (NEW."user_id", CASE WHEN NEW."from_newcomer" THEN 0 ELSE 1 END, CASE WHEN NEW."from_newcomer" THEN 1 ELSE 0 END)
    ON CONFLICT ("user_id") DO UPDATE SET
      "unread" = "notification_counts"."unread" + excluded."unread",
      "unread_from_newcomers" = "notification_counts"."unread_from_newcomers" + excluded."unread_from_newcomers";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "notification_counts_on_insert_delete" AFTER INSERT OR DELETE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "notification_counts_on_change"();
--> statement-breakpoint
CREATE TRIGGER "notification_counts_on_update" AFTER UPDATE OF "read_at", "from_newcomer" ON "notifications"
  FOR EACH ROW WHEN (OLD."read_at" IS DISTINCT FROM NEW."read_at" OR OLD."from_newcomer" <> NEW."from_newcomer")
  EXECUTE FUNCTION "notification_counts_on_change"();
--> statement-breakpoint
-- Tells `recipient` that `actor` did `what`, about a tip and a comment. Never of one's own action, from a
-- member one blocked, or from an account on hold. From an account younger than a week the member does
-- not follow, it is marked so (listed apart). Likes and follows join the member's unread one of the same
-- kind and tip from the last 12 hours, newest actor first; the pair's advisory lock keeps two at once
-- from making two.
CREATE FUNCTION "notify_member"("recipient" text, "what" text, "about_tip" uuid, "about_comment" uuid, "actor" text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "newcomer" boolean;
BEGIN
  IF "recipient" IS NULL OR "recipient" = "actor" THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM "blocks" WHERE "blocker_id" = "recipient" AND "blocked_id" = "actor") THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM "users" WHERE "id" = "actor" AND "held") THEN RETURN; END IF;
  "newcomer" := EXISTS (SELECT 1 FROM "users" WHERE "id" = "actor" AND "created_at" > now() - interval '7 days')
    AND NOT EXISTS (SELECT 1 FROM "follows" WHERE "follower_id" = "recipient" AND "followed_id" = "actor");
  IF "what" IN ('like', 'follow') THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('notify ' || "recipient" || ' ' || "what" || ' ' || coalesce("about_tip"::text, ''), 0));
    UPDATE "notifications" SET
      "actor_ids" = array_prepend("actor", array_remove("actor_ids", "actor")),
      "updated_at" = now()
    WHERE "user_id" = "recipient" AND "kind" = "what" AND "tip_id" IS NOT DISTINCT FROM "about_tip"
      AND "read_at" IS NULL AND "from_newcomer" = "newcomer" AND "created_at" > now() - interval '12 hours';
    IF FOUND THEN RETURN; END IF;
  END IF;
  INSERT INTO "notifications" ("user_id", "kind", "tip_id", "comment_id", "actor_ids", "from_newcomer")
  VALUES ("recipient", "what", "about_tip", "about_comment", ARRAY["actor"], "newcomer");
END;
$$;
--> statement-breakpoint
-- Takes `actor` out of notifications (of `whose` member, about `about_tip`, of the kind `what`; each
-- null for any; only unread ones when `unread_only`), and withdraws those left with nobody: an unlike
-- or unfollow (unread only: one read stays as it was read), a hold, a block.
CREATE FUNCTION "notifications_drop_actor"("actor" text, "whose" text, "about_tip" uuid, "what" text, "unread_only" boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "emptied" uuid[];
BEGIN
  WITH "changed" AS (
    UPDATE "notifications" SET "actor_ids" = array_remove("actor_ids", "actor")
    WHERE "actor_ids" @> ARRAY["actor"]
      AND ("whose" IS NULL OR "user_id" = "whose")
      AND ("about_tip" IS NULL OR "tip_id" = "about_tip")
      AND ("what" IS NULL OR "kind" = "what")
      AND (NOT "unread_only" OR "read_at" IS NULL)
    RETURNING "id", "actor_ids"
  )
  SELECT array_agg("id") INTO "emptied" FROM "changed" WHERE cardinality("actor_ids") = 0;
  IF "emptied" IS NOT NULL THEN
    DELETE FROM "notifications" WHERE "id" = ANY("emptied");
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "tip_likes_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "notify_member"("author_id", 'like', "id", NULL, NEW."user_id")
    FROM "tips" WHERE "id" = NEW."tip_id" AND "shown" AND "availability" = 'Public';
  ELSE
    -- A like taken back leaves the unread group; one already read stays as it was read.
    PERFORM "notifications_drop_actor"(OLD."user_id", NULL, OLD."tip_id", 'like', true);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tip_likes_notify" AFTER INSERT OR DELETE ON "tip_likes"
  FOR EACH ROW EXECUTE FUNCTION "tip_likes_notify"();
--> statement-breakpoint
CREATE FUNCTION "follows_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "notify_member"(NEW."followed_id", 'follow', NULL, NULL, NEW."follower_id");
  ELSE
    PERFORM "notifications_drop_actor"(OLD."follower_id", OLD."followed_id", NULL, 'follow', true);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "follows_notify" AFTER INSERT OR DELETE ON "follows"
  FOR EACH ROW EXECUTE FUNCTION "follows_notify"();
--> statement-breakpoint
-- A shown comment tells the tip's author; a reply tells the author of the thread's first comment (a
-- "reply"), and the tip's author too when that is someone else.
CREATE FUNCTION "comments_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "tip_author" text;
  "thread_author" text;
BEGIN
  SELECT "author_id" INTO "tip_author" FROM "tips" WHERE "id" = NEW."tip_id" AND "shown";
  IF NEW."thread_id" <> NEW."id" THEN
    SELECT "author_id" INTO "thread_author" FROM "comments"
    WHERE "id" = NEW."thread_id" AND "state" = 'visible' AND "hold" IS NULL AND NOT "author_held";
    PERFORM "notify_member"("thread_author", 'reply', NEW."tip_id", NEW."id", NEW."author_id");
  END IF;
  IF "tip_author" IS DISTINCT FROM "thread_author" THEN
    PERFORM "notify_member"("tip_author", 'comment', NEW."tip_id", NEW."id", NEW."author_id");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "comments_notify" AFTER INSERT ON "comments"
  FOR EACH ROW WHEN (NEW."state" = 'visible' AND NEW."hold" IS NULL AND NOT NEW."author_held")
  EXECUTE FUNCTION "comments_notify"();
--> statement-breakpoint
-- A comment hidden, held, deleted, or whose author is put on hold: its notifications are withdrawn.
CREATE FUNCTION "comments_withdraw_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "notifications" WHERE "comment_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "comments_withdraw_notifications" AFTER UPDATE OF "state", "hold", "author_held" ON "comments"
  FOR EACH ROW WHEN (NEW."state" <> 'visible' OR NEW."hold" IS NOT NULL OR NEW."author_held")
  EXECUTE FUNCTION "comments_withdraw_notifications"();
--> statement-breakpoint
-- A tip anyone may see (public and shown) tells its author's followers, but those who blocked the author
-- or whom the author blocked; again when it becomes one (made public, its hold lifted), to followers not
-- told of it yet. A tip that stops being one withdraws every notification about it.
CREATE FUNCTION "tips_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "public_now" boolean := NEW."availability" = 'Public' AND NEW."hold" IS NULL AND NOT NEW."author_held";
  "public_before" boolean := TG_OP = 'UPDATE' AND OLD."availability" = 'Public' AND OLD."hold" IS NULL AND NOT OLD."author_held";
BEGIN
  IF "public_now" AND NOT "public_before" THEN
    INSERT INTO "notifications" ("user_id", "kind", "tip_id", "actor_ids")
    SELECT "follows"."follower_id", 'new_tip', NEW."id", ARRAY[NEW."author_id"]
    FROM "follows"
    WHERE "follows"."followed_id" = NEW."author_id"
      AND NOT EXISTS (
        SELECT 1 FROM "blocks"
        WHERE ("blocker_id" = "follows"."follower_id" AND "blocked_id" = NEW."author_id")
           OR ("blocker_id" = NEW."author_id" AND "blocked_id" = "follows"."follower_id")
      )
      AND NOT EXISTS (
        SELECT 1 FROM "notifications" "told"
        WHERE "told"."user_id" = "follows"."follower_id" AND "told"."tip_id" = NEW."id" AND "told"."kind" = 'new_tip'
      );
  ELSIF "public_before" AND NOT "public_now" THEN
    DELETE FROM "notifications" WHERE "tip_id" = NEW."id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tips_notify_on_insert" AFTER INSERT ON "tips"
  FOR EACH ROW EXECUTE FUNCTION "tips_notify"();
--> statement-breakpoint
CREATE TRIGGER "tips_notify_on_update" AFTER UPDATE OF "availability", "hold", "author_held" ON "tips"
  FOR EACH ROW EXECUTE FUNCTION "tips_notify"();
--> statement-breakpoint
-- An account put on hold leaves every like and follow it is in; its comments and tips withdraw their own
-- (their author_held changes with it).
CREATE FUNCTION "users_hold_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notifications_drop_actor"(NEW."id", NULL, NULL, 'like', false);
  PERFORM "notifications_drop_actor"(NEW."id", NULL, NULL, 'follow', false);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_hold_notifications" AFTER UPDATE OF "held" ON "users"
  FOR EACH ROW WHEN (NEW."held" AND NOT OLD."held")
  EXECUTE FUNCTION "users_hold_notifications"();
--> statement-breakpoint
-- A member who blocks another hears nothing more of them: what they were told of the other goes.
CREATE FUNCTION "blocks_withdraw_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notifications_drop_actor"(NEW."blocked_id", NEW."blocker_id", NULL, NULL, false);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "blocks_withdraw_notifications" AFTER INSERT ON "blocks"
  FOR EACH ROW EXECUTE FUNCTION "blocks_withdraw_notifications"();
