CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "author_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sign_in_disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A tip belongs to an account, not to an e-mail string that anyone could sign up with. Existing tips go
-- to the account with their e-mail, where one exists; the rest (the demo data) to accounts made for them
-- that nobody can sign in to.
UPDATE "tips" SET "author_id" = "users"."id" FROM "users" WHERE lower("users"."email") = lower("tips"."email");--> statement-breakpoint
INSERT INTO "users" ("id", "name", "email", "email_verified", "sign_in_disabled")
SELECT DISTINCT ON (lower("email")) gen_random_uuid()::text, "name", lower("email"), false, true
FROM "tips" WHERE "author_id" IS NULL ORDER BY lower("email"), "created_at" DESC;--> statement-breakpoint
UPDATE "tips" SET "author_id" = "users"."id" FROM "users" WHERE "tips"."author_id" IS NULL AND "users"."email" = lower("tips"."email");--> statement-breakpoint
ALTER TABLE "tips" ALTER COLUMN "author_id" SET NOT NULL;--> statement-breakpoint
UPDATE "tips" SET "name" = "users"."name", "email" = lower("users"."email") FROM "users"
WHERE "users"."id" = "tips"."author_id" AND ("tips"."name", "tips"."email") IS DISTINCT FROM ("users"."name", lower("users"."email"));--> statement-breakpoint
CREATE INDEX "rate_limit_hits_reset_idx" ON "rate_limit_hits" USING btree ("reset_at");--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tips_author_created_idx" ON "tips" USING btree ("author_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- A tip's name and email are its author's current display name and account e-mail, whatever a writer
-- passes: copied from the account when the tip is written, and again on every tip when the account
-- changes.
CREATE FUNCTION "tips_copy_author"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "name", lower("email") INTO NEW."name", NEW."email" FROM "users" WHERE "id" = NEW."author_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tips_copy_author" BEFORE INSERT OR UPDATE OF "author_id", "name", "email" ON "tips"
FOR EACH ROW EXECUTE FUNCTION "tips_copy_author"();--> statement-breakpoint
CREATE FUNCTION "users_update_tips"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tips" SET "name" = NEW."name", "email" = lower(NEW."email") WHERE "author_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_update_tips" AFTER UPDATE OF "name", "email" ON "users"
FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email")
EXECUTE FUNCTION "users_update_tips"();