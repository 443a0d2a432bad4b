CREATE TABLE "thread_mutes" (
	"user_id" text NOT NULL,
	"comment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_mutes_user_id_comment_id_pk" PRIMARY KEY("user_id","comment_id")
);
--> statement-breakpoint
ALTER TABLE "thread_mutes" ADD CONSTRAINT "thread_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_mutes" ADD CONSTRAINT "thread_mutes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- As before (drizzle/0048), and also nothing about a comment in a thread the member muted (ADR 082).
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
  IF "about_comment" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "thread_mutes" "muted" JOIN "comments" ON "comments"."id" = "about_comment"
    WHERE "muted"."user_id" = "recipient" AND "muted"."comment_id" = coalesce("comments"."thread_id", "comments"."id")
  ) THEN
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
