CREATE TABLE "tip_mutes" (
	"user_id" text NOT NULL,
	"tip_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tip_mutes_user_id_tip_id_pk" PRIMARY KEY("user_id","tip_id")
);
--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "muted_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tip_mutes" ADD CONSTRAINT "tip_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_mutes" ADD CONSTRAINT "tip_mutes_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- As before (drizzle/0044), and also never a kind the member turned off in the site, nor anything about a
-- tip they muted (ADR 082).
CREATE OR REPLACE FUNCTION "notify_member"("recipient" text, "what" text, "about_tip" uuid, "about_comment" uuid, "actor" text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "newcomer" boolean;
BEGIN
  IF "recipient" IS NULL OR "recipient" = "actor" THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM "blocks" WHERE "blocker_id" = "recipient" AND "blocked_id" = "actor") THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM "users" WHERE "id" = "actor" AND "held") THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM "member_settings" WHERE "user_id" = "recipient" AND "what" = ANY("muted_kinds")) THEN RETURN; END IF;
  IF "about_tip" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "tip_mutes" WHERE "user_id" = "recipient" AND "tip_id" = "about_tip") THEN
    RETURN;
  END IF;
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
-- As before (drizzle/0044), but not to a follower who turned new tips off in the site.
CREATE OR REPLACE FUNCTION "tips_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
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
        SELECT 1 FROM "member_settings"
        WHERE "member_settings"."user_id" = "follows"."follower_id" AND 'new_tip' = ANY("member_settings"."muted_kinds")
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
