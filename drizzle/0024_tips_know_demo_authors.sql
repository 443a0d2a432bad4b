ALTER TABLE "tips" ADD COLUMN "author_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A tip shows its author's e-mail only when the author is a demo gardener (or to the author): the flag is
-- copied from the account with the name, e-mail and handle (0014), so lists read one table.
CREATE OR REPLACE FUNCTION "tips_copy_author"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "name", lower("email"), "handle", "sign_in_disabled"
  INTO NEW."name", NEW."email", NEW."author_handle", NEW."author_demo"
  FROM "users" WHERE "id" = NEW."author_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
UPDATE "tips" SET "author_demo" = "users"."sign_in_disabled" FROM "users"
WHERE "users"."id" = "tips"."author_id" AND "users"."sign_in_disabled";
