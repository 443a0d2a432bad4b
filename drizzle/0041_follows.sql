CREATE TABLE "follow_figures" (
	"user_id" text PRIMARY KEY NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"following" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" text NOT NULL,
	"followed_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_followed_id_pk" PRIMARY KEY("follower_id","followed_id"),
	CONSTRAINT "follows_not_self_check" CHECK ("follows"."follower_id" <> "follows"."followed_id")
);
--> statement-breakpoint
ALTER TABLE "follow_figures" ADD CONSTRAINT "follow_figures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followed_id_users_id_fk" FOREIGN KEY ("followed_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_followed_idx" ON "follows" USING btree ("followed_id");--> statement-breakpoint
-- Each account's followers and followings, kept as follows come and go (ADR 077), so a gardener page
-- reads two numbers rather than counting a popular gardener's every follower. Both accounts' rows are
-- written in one statement in the order of their ids: two members following each other at once lock
-- the same two rows in the same order and never deadlock.
CREATE FUNCTION "follow_figures_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "follow_figures" ("user_id", "followers", "following")
  SELECT "user_id", "followers", "following" FROM (VALUES
    (NEW."followed_id", 1, 0),
    (NEW."follower_id", 0, 1)
  ) AS "moved"("user_id", "followers", "following")
  ORDER BY "user_id"
  ON CONFLICT ("user_id") DO UPDATE SET
    "followers" = "follow_figures"."followers" + excluded."followers",
    "following" = "follow_figures"."following" + excluded."following";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A follow's rows exist since it was made. When an account is deleted, its follows go with it and its
-- own row may be gone already: only rows still there are moved (an insert would name a deleted account).
CREATE FUNCTION "follow_figures_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "follow_figures"
    WHERE "user_id" IN (OLD."followed_id", OLD."follower_id")
    ORDER BY "user_id" FOR UPDATE;
  UPDATE "follow_figures" SET
    "followers" = "followers" - (CASE WHEN "user_id" = OLD."followed_id" THEN 1 ELSE 0 END),
    "following" = "following" - (CASE WHEN "user_id" = OLD."follower_id" THEN 1 ELSE 0 END)
  WHERE "user_id" IN (OLD."followed_id", OLD."follower_id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "follow_figures_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "follow_figures" SET "followers" = 0, "following" = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "follows_figures_insert" AFTER INSERT ON "follows"
  FOR EACH ROW EXECUTE FUNCTION "follow_figures_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "follows_figures_delete" AFTER DELETE ON "follows"
  FOR EACH ROW EXECUTE FUNCTION "follow_figures_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "follows_figures_truncate" AFTER TRUNCATE ON "follows"
  FOR EACH STATEMENT EXECUTE FUNCTION "follow_figures_clear"();
--> statement-breakpoint
-- A gardener page shows the counts, and a member's list of the tips of those they follow reads the
-- follows: cached answers that read them are dropped when they change (ADR 026).
CREATE TRIGGER "follows_notify_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "follows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
-- A block, either way, ends the follows between the two members.
CREATE FUNCTION "blocks_end_follows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "follows"
    WHERE ("follower_id" = NEW."blocker_id" AND "followed_id" = NEW."blocked_id")
       OR ("follower_id" = NEW."blocked_id" AND "followed_id" = NEW."blocker_id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "blocks_end_follows" AFTER INSERT ON "blocks"
  FOR EACH ROW EXECUTE FUNCTION "blocks_end_follows"();
