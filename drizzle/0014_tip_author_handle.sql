-- A tip carries its author's handle, copied from the account as the name and e-mail are (0006), so a
-- tip's card links the author's gardener page without reading "users".
ALTER TABLE "tips" ADD COLUMN "author_handle" text DEFAULT null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tips_copy_author"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "name", lower("email"), "handle" INTO NEW."name", NEW."email", NEW."author_handle"
  FROM "users" WHERE "id" = NEW."author_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER "tips_copy_author" ON "tips";--> statement-breakpoint
CREATE TRIGGER "tips_copy_author" BEFORE INSERT OR UPDATE OF "author_id", "name", "email", "author_handle" ON "tips"
FOR EACH ROW EXECUTE FUNCTION "tips_copy_author"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_update_tips"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tips" SET "name" = NEW."name", "email" = lower(NEW."email"), "author_handle" = NEW."handle"
  WHERE "author_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "users_update_tips" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_update_tips" AFTER UPDATE OF "name", "email", "handle" ON "users"
FOR EACH ROW WHEN (
  OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email"
  OR OLD."handle" IS DISTINCT FROM NEW."handle"
)
EXECUTE FUNCTION "users_update_tips"();--> statement-breakpoint
UPDATE "tips" SET "author_handle" = "users"."handle" FROM "users" WHERE "users"."id" = "tips"."author_id";--> statement-breakpoint
ALTER TABLE "tips" ALTER COLUMN "author_handle" SET NOT NULL;
