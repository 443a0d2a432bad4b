ALTER TABLE "tips" ADD COLUMN "author_role" "user_role" DEFAULT 'member' NOT NULL;--> statement-breakpoint
-- The role is copied from the account with the name, e-mail and handle (0014, 0024), so lists read one
-- table; appointing or removing a moderator moves it onto their tips (and empties the cached lists).
CREATE OR REPLACE FUNCTION "tips_copy_author"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "name", lower("email"), "handle", "sign_in_disabled", "role"
  INTO NEW."name", NEW."email", NEW."author_handle", NEW."author_demo", NEW."author_role"
  FROM "users" WHERE "id" = NEW."author_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER "users_update_tips" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_update_tips" AFTER UPDATE OF "name", "email", "handle", "role" ON "users"
FOR EACH ROW WHEN (
  OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email"
  OR OLD."handle" IS DISTINCT FROM NEW."handle" OR OLD."role" IS DISTINCT FROM NEW."role"
)
EXECUTE FUNCTION "users_update_tips"();--> statement-breakpoint
UPDATE "tips" SET "author_role" = "users"."role" FROM "users"
WHERE "users"."id" = "tips"."author_id" AND "users"."role" <> 'member';
