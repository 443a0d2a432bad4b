-- What is hidden is left out of every count (ADR 041): a follow counts in the gardener's followers only
-- while the follower is not on hold, and in the follower's followings only while the gardener is not.
-- A hold moves the counts of everyone on the other side of the member's follows, and its end moves them
-- back (ADR 077).
CREATE OR REPLACE FUNCTION "follow_figures_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  follower_counts int := (SELECT CASE WHEN "held" THEN 0 ELSE 1 END FROM "users" WHERE "id" = NEW."follower_id");
  followed_counts int := (SELECT CASE WHEN "held" THEN 0 ELSE 1 END FROM "users" WHERE "id" = NEW."followed_id");
BEGIN
  INSERT INTO "follow_figures" ("user_id", "followers", "following")
  SELECT "user_id", "followers", "following" FROM (VALUES
    (NEW."followed_id", coalesce(follower_counts, 0), 0),
    (NEW."follower_id", 0, coalesce(followed_counts, 0))
  ) AS "moved"("user_id", "followers", "following")
  ORDER BY "user_id"
  ON CONFLICT ("user_id") DO UPDATE SET
    "followers" = "follow_figures"."followers" + excluded."followers",
    "following" = "follow_figures"."following" + excluded."following";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Both accounts are still there: an account's follows are ended before the account is deleted (below).
CREATE OR REPLACE FUNCTION "follow_figures_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  follower_counts int := (SELECT CASE WHEN "held" THEN 0 ELSE 1 END FROM "users" WHERE "id" = OLD."follower_id");
  followed_counts int := (SELECT CASE WHEN "held" THEN 0 ELSE 1 END FROM "users" WHERE "id" = OLD."followed_id");
BEGIN
  PERFORM 1 FROM "follow_figures"
    WHERE "user_id" IN (OLD."followed_id", OLD."follower_id")
    ORDER BY "user_id" FOR UPDATE;
  UPDATE "follow_figures" SET
    "followers" = "followers" - (CASE WHEN "user_id" = OLD."followed_id" THEN coalesce(follower_counts, 0) ELSE 0 END),
    "following" = "following" - (CASE WHEN "user_id" = OLD."follower_id" THEN coalesce(followed_counts, 0) ELSE 0 END)
  WHERE "user_id" IN (OLD."followed_id", OLD."follower_id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An account's follows end before the account goes, while it can still be read (whether it was on hold
-- says whether its follows counted), each other account's figures locked in the order of their ids.
CREATE FUNCTION "users_end_follows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "follow_figures"
    WHERE "user_id" IN (
      SELECT "followed_id" FROM "follows" WHERE "follower_id" = OLD."id"
      UNION SELECT "follower_id" FROM "follows" WHERE "followed_id" = OLD."id"
      UNION SELECT OLD."id"
    )
    ORDER BY "user_id" FOR UPDATE;
  DELETE FROM "follows" WHERE "follower_id" = OLD."id" OR "followed_id" = OLD."id";
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_end_follows" BEFORE DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_end_follows"();
--> statement-breakpoint
CREATE FUNCTION "users_hold_follows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  step int := CASE WHEN NEW."held" THEN -1 ELSE 1 END;
BEGIN
  PERFORM 1 FROM "follow_figures"
    WHERE "user_id" IN (
      SELECT "followed_id" FROM "follows" WHERE "follower_id" = NEW."id"
      UNION SELECT "follower_id" FROM "follows" WHERE "followed_id" = NEW."id"
    )
    ORDER BY "user_id" FOR UPDATE;
  UPDATE "follow_figures" SET "followers" = "followers" + step
    WHERE "user_id" IN (SELECT "followed_id" FROM "follows" WHERE "follower_id" = NEW."id");
  UPDATE "follow_figures" SET "following" = "following" + step
    WHERE "user_id" IN (SELECT "follower_id" FROM "follows" WHERE "followed_id" = NEW."id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_hold_follows" AFTER UPDATE OF "held" ON "users"
  FOR EACH ROW WHEN (OLD."held" IS DISTINCT FROM NEW."held")
  EXECUTE FUNCTION "users_hold_follows"();
--> statement-breakpoint
-- A block and a follow between the same two members at the same moment: each takes the pair's lock
-- first, and the follow looks for a block only once it holds it (a statement of its own, with a fresh
-- view), so whichever commits second sees the other: the block ends the follow, or the follow is not made.
CREATE FUNCTION "follows_pair_lock"(a text, b text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('follows:' || least(a, b) || ':' || greatest(a, b)));
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "follows_not_blocked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "follows_pair_lock"(NEW."follower_id", NEW."followed_id");
  IF EXISTS (
    SELECT 1 FROM "blocks"
    WHERE ("blocker_id" = NEW."follower_id" AND "blocked_id" = NEW."followed_id")
       OR ("blocker_id" = NEW."followed_id" AND "blocked_id" = NEW."follower_id")
  ) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "follows_not_blocked" BEFORE INSERT ON "follows"
  FOR EACH ROW EXECUTE FUNCTION "follows_not_blocked"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "blocks_end_follows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "follows_pair_lock"(NEW."blocker_id", NEW."blocked_id");
  DELETE FROM "follows"
    WHERE ("follower_id" = NEW."blocker_id" AND "followed_id" = NEW."blocked_id")
       OR ("follower_id" = NEW."blocked_id" AND "followed_id" = NEW."blocker_id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The counts as the new rule has them, for the follows made before it.
UPDATE "follow_figures" AS "figures" SET
  "followers" = (
    SELECT count(*) FROM "follows" f JOIN "users" u ON u."id" = f."follower_id"
    WHERE f."followed_id" = "figures"."user_id" AND NOT u."held"
  ),
  "following" = (
    SELECT count(*) FROM "follows" f JOIN "users" u ON u."id" = f."followed_id"
    WHERE f."follower_id" = "figures"."user_id" AND NOT u."held"
  );
