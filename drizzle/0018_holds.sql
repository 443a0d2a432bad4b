CREATE TABLE "photo_holds" (
	"hash" text PRIMARY KEY NOT NULL,
	"reason" "report_reason" NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hold" "report_reason";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hold_review_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "author_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "hold" "report_reason";--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "hold_review_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "author_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "shown" boolean GENERATED ALWAYS AS ("hold" is null and not "author_held") STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "page_hold" "report_reason";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "page_hold_review_asked_at" timestamp with time zone;--> statement-breakpoint
-- A tip and a comment copy whether their author's account is on hold, as a tip copies the name (0006,
-- 0014): a public read asks the row itself, never joins the account.
CREATE OR REPLACE FUNCTION "tips_copy_author"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "name", lower("email"), "handle", "held" INTO NEW."name", NEW."email", NEW."author_handle", NEW."author_held"
  FROM "users" WHERE "id" = NEW."author_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER "tips_copy_author" ON "tips";--> statement-breakpoint
CREATE TRIGGER "tips_copy_author" BEFORE INSERT OR UPDATE OF "author_id", "name", "email", "author_handle", "author_held" ON "tips"
FOR EACH ROW EXECUTE FUNCTION "tips_copy_author"();--> statement-breakpoint
CREATE FUNCTION "comments_copy_author_held"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "held" INTO NEW."author_held" FROM "users" WHERE "id" = NEW."author_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "comments_copy_author_held" BEFORE INSERT OR UPDATE OF "author_id", "author_held" ON "comments"
FOR EACH ROW EXECUTE FUNCTION "comments_copy_author_held"();--> statement-breakpoint
CREATE FUNCTION "users_hold_content"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tips" SET "author_held" = NEW."held" WHERE "author_id" = NEW."id";
  UPDATE "comments" SET "author_held" = NEW."held" WHERE "author_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_hold_content" AFTER UPDATE OF "held" ON "users"
FOR EACH ROW WHEN (OLD."held" IS DISTINCT FROM NEW."held")
EXECUTE FUNCTION "users_hold_content"();--> statement-breakpoint
-- The kept counts are of the tips lists show: a tip on hold leaves its count, and comes back with it.
CREATE OR REPLACE FUNCTION "tip_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "tip_counts_add"(coalesce((
    SELECT jsonb_agg(g) FROM (
      SELECT "availability", "difficulty", "category", count(*) AS n FROM new_rows WHERE "shown" GROUP BY 1, 2, 3
    ) g), '[]'));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tip_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "tip_counts_add"(coalesce((
    SELECT jsonb_agg(g) FROM (
      SELECT "availability", "difficulty", "category", -count(*) AS n FROM old_rows WHERE "shown" GROUP BY 1, 2, 3
    ) g), '[]'));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tip_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "tip_counts_add"(coalesce((
    SELECT jsonb_agg(g) FROM (
      SELECT "availability", "difficulty", "category", sum(n) AS n FROM (
        SELECT "availability", "difficulty", "category", 1 AS n FROM new_rows WHERE "shown"
        UNION ALL
        SELECT "availability", "difficulty", "category", -1 AS n FROM old_rows WHERE "shown"
      ) changes GROUP BY 1, 2, 3 HAVING sum(n) <> 0
    ) g), '[]'));
  RETURN NULL;
END;
$$;
