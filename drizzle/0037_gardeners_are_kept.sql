CREATE TABLE "kept_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "explorable_days" (
	"day" date PRIMARY KEY NOT NULL,
	"members" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gardener_figures" (
	"user_id" text PRIMARY KEY NOT NULL,
	"public_tips" integer DEFAULT 0 NOT NULL,
	"likes_received" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "explorable" boolean GENERATED ALWAYS AS ("listed" and not "sign_in_disabled" and "page_hold" is null and not "held" and "last_shared_at" is not null) STORED;--> statement-breakpoint
ALTER TABLE "gardener_figures" ADD CONSTRAINT "gardener_figures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_explorable_name_idx" ON "users" USING btree ("name","handle") WHERE "users"."explorable";--> statement-breakpoint
CREATE INDEX "users_explorable_shared_idx" ON "users" USING btree ("last_shared_at") WHERE "users"."explorable";--> statement-breakpoint
-- Explore Gardeners, Total Gardeners and a gardener page read what is kept instead of counting public
-- tips per request (ADR 069). Kept by triggers on tips: statement-level over the inserted and deleted
-- rows, as tip_counts, so a bulk change writes each author once; row-level for updates (below). A tip
-- counts while anyone may see it (public and shown).
-- gardener_figures: each author's public tips and the likes they hold, moved by the difference between
-- the new rows and the old (a like moves the likes only).
-- users.last_shared_at: the newest such tip's date. A share moves it forward; any other change to such a
-- tip (a hold, made private, deleted, its date changed) reads it again from that author's tips by
-- tips_author_created_idx, newest first. A like does not touch it, so likes do not write accounts.
CREATE FUNCTION "gardener_figures_add"(delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "gardener_figures" ("user_id", "public_tips", "likes_received")
  SELECT d->>'author', (d->>'n')::int, (d->>'likes')::int FROM jsonb_array_elements(delta) AS d
  -- An account being deleted takes its tips and its figures with it: nothing is kept for it.
  WHERE EXISTS (SELECT 1 FROM "users" WHERE "id" = d->>'author')
  ON CONFLICT ("user_id") DO UPDATE SET
    "public_tips" = "gardener_figures"."public_tips" + excluded."public_tips",
    "likes_received" = "gardener_figures"."likes_received" + excluded."likes_received";
$$;--> statement-breakpoint
CREATE FUNCTION "users_last_shared_read"(authors text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "users" u SET "last_shared_at" = latest.at
  FROM (
    SELECT a.id, (
      SELECT max(t."created_at") FROM "tips" t
      WHERE t."author_id" = a.id AND t."availability" = 'Public' AND t."shown"
    ) AS at
    FROM unnest(authors) AS a(id)
  ) latest
  WHERE u."id" = latest.id AND u."last_shared_at" IS DISTINCT FROM latest.at;
$$;--> statement-breakpoint
CREATE FUNCTION "gardener_figures_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "gardener_figures" ("user_id", "public_tips", "likes_received")
  SELECT n."author_id", count(*), sum(n."total_liked") FROM new_rows n
  WHERE n."availability" = 'Public' AND n."shown" AND EXISTS (SELECT 1 FROM "users" WHERE "id" = n."author_id")
  GROUP BY 1
  ON CONFLICT ("user_id") DO UPDATE SET
    "public_tips" = "gardener_figures"."public_tips" + excluded."public_tips",
    "likes_received" = "gardener_figures"."likes_received" + excluded."likes_received";
  UPDATE "users" u SET "last_shared_at" = s.latest
  FROM (
    SELECT "author_id", max("created_at") AS latest FROM new_rows
    WHERE "availability" = 'Public' AND "shown" GROUP BY 1
  ) s
  WHERE u."id" = s."author_id" AND (u."last_shared_at" IS NULL OR u."last_shared_at" < s.latest);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- An update is judged row by row, and only for a row whose standing, author, date or likes changed (the
-- trigger's WHEN, checked without calling the function): a like, the commonest write, moves its author's
-- likes and nothing else. A row that stops counting reads its author's date again only when it was the
-- newest, so holding all of an author's tips reads their tips once.
CREATE FUNCTION "gardener_figures_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_seen boolean := OLD."availability" = 'Public' AND OLD."shown";
  is_seen boolean := NEW."availability" = 'Public' AND NEW."shown";
BEGIN
  IF was_seen AND is_seen AND OLD."author_id" = NEW."author_id" THEN
    IF NEW."total_liked" <> OLD."total_liked" THEN
      UPDATE "gardener_figures" SET "likes_received" = "likes_received" + NEW."total_liked" - OLD."total_liked"
      WHERE "user_id" = NEW."author_id";
    END IF;
    -- A like, the commonest write, ends here.
    IF NEW."created_at" = OLD."created_at" THEN
      RETURN NULL;
    END IF;
  ELSE
    IF was_seen THEN
      PERFORM "gardener_figures_add"(jsonb_build_array(jsonb_build_object(
        'author', OLD."author_id", 'n', -1, 'likes', -OLD."total_liked")));
    END IF;
    IF is_seen THEN
      PERFORM "gardener_figures_add"(jsonb_build_array(jsonb_build_object(
        'author', NEW."author_id", 'n', 1, 'likes', NEW."total_liked")));
    END IF;
  END IF;
  IF is_seen THEN
    UPDATE "users" SET "last_shared_at" = NEW."created_at"
    WHERE "id" = NEW."author_id" AND ("last_shared_at" IS NULL OR "last_shared_at" < NEW."created_at");
  END IF;
  -- The tip left, or its date moved: when it was the newest, the author's newest is read again.
  IF was_seen AND EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD."author_id" AND "last_shared_at" = OLD."created_at") THEN
    PERFORM "users_last_shared_read"(ARRAY[OLD."author_id"]);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "gardener_figures_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  authors text[];
BEGIN
  PERFORM "gardener_figures_add"(coalesce((
    SELECT jsonb_agg(g) FROM (
      SELECT "author_id" AS author, -count(*) AS n, -sum("total_liked") AS likes FROM old_rows
      WHERE "availability" = 'Public' AND "shown" GROUP BY 1
    ) g), '[]'));
  SELECT array_agg(DISTINCT "author_id") INTO authors FROM old_rows WHERE "availability" = 'Public' AND "shown";
  IF authors IS NOT NULL THEN
    PERFORM "users_last_shared_read"(authors);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "gardener_figures_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "gardener_figures";
  UPDATE "users" SET "last_shared_at" = NULL WHERE "last_shared_at" IS NOT NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The members Explore Gardeners lists, kept counted, and by the day (UTC) of their newest public tip:
-- Explore Gardeners' active members are those whose newest public tip is younger than 90 days, a figure
-- that moves with the clock, so it is read as the days after the boundary's day plus that day's members
-- past the boundary. Row by row, and the triggers' WHEN lets through only an account that joins or
-- leaves the list or whose newest tip moved to another day: most shares write nothing here.
CREATE FUNCTION "kept_counts_add"(count_name text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "kept_counts" ("name", "total") SELECT count_name, delta WHERE delta <> 0
  ON CONFLICT ("name") DO UPDATE SET "total" = "kept_counts"."total" + excluded."total";
$$;--> statement-breakpoint
-- A member listed on `was_day` before and on `is_day` now (null: not listed).
CREATE FUNCTION "explorable_member_moves"(was_day date, is_day date) RETURNS void LANGUAGE sql AS $$
  SELECT "kept_counts_add"('explorable_members', (is_day IS NOT NULL)::int - (was_day IS NOT NULL)::int);
  INSERT INTO "explorable_days" ("day", "members")
  SELECT d.day, sum(d.n) FROM (VALUES (was_day, -1), (is_day, 1)) AS d(day, n)
  WHERE d.day IS NOT NULL GROUP BY d.day HAVING sum(d.n) <> 0
  ON CONFLICT ("day") DO UPDATE SET "members" = "explorable_days"."members" + excluded."members";
$$;--> statement-breakpoint
CREATE FUNCTION "explorable_members_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "explorable_member_moves"(NULL, (NEW."last_shared_at" AT TIME ZONE 'UTC')::date);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "explorable_members_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "explorable_member_moves"(
    CASE WHEN OLD."explorable" THEN (OLD."last_shared_at" AT TIME ZONE 'UTC')::date END,
    CASE WHEN NEW."explorable" THEN (NEW."last_shared_at" AT TIME ZONE 'UTC')::date END);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "explorable_members_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "explorable_member_moves"((OLD."last_shared_at" AT TIME ZONE 'UTC')::date, NULL);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "explorable_members_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "kept_counts" SET "total" = 0 WHERE "name" = 'explorable_members';
  DELETE FROM "explorable_days";
  RETURN NULL;
END;
$$;--> statement-breakpoint
INSERT INTO "gardener_figures" ("user_id", "public_tips", "likes_received")
SELECT "author_id", count(*), sum("total_liked") FROM "tips"
WHERE "availability" = 'Public' AND "shown" AND "author_id" IN (SELECT "id" FROM "users") GROUP BY 1;--> statement-breakpoint
UPDATE "users" u SET "last_shared_at" = s.latest
FROM (
  SELECT "author_id", max("created_at") AS latest FROM "tips"
  WHERE "availability" = 'Public' AND "shown" GROUP BY 1
) s
WHERE u."id" = s."author_id";--> statement-breakpoint
INSERT INTO "kept_counts" ("name", "total")
SELECT 'explorable_members', count(*) FROM "users" WHERE "explorable";--> statement-breakpoint
INSERT INTO "explorable_days" ("day", "members")
SELECT ("last_shared_at" AT TIME ZONE 'UTC')::date, count(*) FROM "users" WHERE "explorable" GROUP BY 1;--> statement-breakpoint
CREATE TRIGGER "tips_gardener_figures_insert" AFTER INSERT ON "tips"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "gardener_figures_on_insert"();--> statement-breakpoint
CREATE TRIGGER "tips_gardener_figures_update" AFTER UPDATE ON "tips" FOR EACH ROW
WHEN (OLD."availability" IS DISTINCT FROM NEW."availability" OR OLD."shown" IS DISTINCT FROM NEW."shown"
  OR OLD."author_id" IS DISTINCT FROM NEW."author_id" OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
  OR OLD."total_liked" IS DISTINCT FROM NEW."total_liked")
EXECUTE FUNCTION "gardener_figures_on_update"();--> statement-breakpoint
CREATE TRIGGER "tips_gardener_figures_delete" AFTER DELETE ON "tips"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "gardener_figures_on_delete"();--> statement-breakpoint
CREATE TRIGGER "tips_gardener_figures_truncate" AFTER TRUNCATE ON "tips"
FOR EACH STATEMENT EXECUTE FUNCTION "gardener_figures_clear"();--> statement-breakpoint
CREATE TRIGGER "users_explorable_insert" AFTER INSERT ON "users" FOR EACH ROW
WHEN (NEW."explorable") EXECUTE FUNCTION "explorable_members_on_insert"();--> statement-breakpoint
CREATE TRIGGER "users_explorable_update" AFTER UPDATE ON "users" FOR EACH ROW
WHEN (OLD."explorable" IS DISTINCT FROM NEW."explorable" OR (NEW."explorable"
  AND (OLD."last_shared_at" AT TIME ZONE 'UTC')::date IS DISTINCT FROM (NEW."last_shared_at" AT TIME ZONE 'UTC')::date))
EXECUTE FUNCTION "explorable_members_on_update"();--> statement-breakpoint
CREATE TRIGGER "users_explorable_delete" AFTER DELETE ON "users" FOR EACH ROW
WHEN (OLD."explorable") EXECUTE FUNCTION "explorable_members_on_delete"();--> statement-breakpoint
CREATE TRIGGER "users_explorable_truncate" AFTER TRUNCATE ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION "explorable_members_clear"();
--> statement-breakpoint
-- A share moves the sharer's last_shared_at, which no session holds: such a change tells no instance to
-- drop the member's cached session (ADR 069). Any other change to the account still does, as does its
-- deletion.
DROP TRIGGER "users_notify_session_change" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_notify_session_change" AFTER UPDATE ON "users" FOR EACH ROW
WHEN (to_jsonb(OLD) - 'last_shared_at' - 'explorable' IS DISTINCT FROM to_jsonb(NEW) - 'last_shared_at' - 'explorable')
EXECUTE FUNCTION "notify_session_change"();--> statement-breakpoint
CREATE TRIGGER "users_delete_notify_session_change" AFTER DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();
