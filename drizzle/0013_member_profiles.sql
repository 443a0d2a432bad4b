-- Every account gets a gardener page named by its handle (ADR 039). The handle is made from the name when
-- an account is created without one, by a trigger, so every way an account is made (sign-up, Google, the
-- demo data, a tool) gets one; accounts made before this release get theirs below, oldest first.
CREATE TABLE "reserved_handles" (
	"handle" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- The same list as src/shared/handles.ts (a test holds them equal).
INSERT INTO "reserved_handles" ("handle") VALUES
  ('about'),
  ('account'),
  ('admin'),
  ('administrator'),
  ('api'),
  ('assets'),
  ('auth'),
  ('browse_tips'),
  ('dashboard'),
  ('explore_gardeners'),
  ('gardener'),
  ('gardeners'),
  ('gardening_community'),
  ('help'),
  ('login'),
  ('logout'),
  ('me'),
  ('moderation'),
  ('moderator'),
  ('my_tips'),
  ('new'),
  ('null'),
  ('privacy'),
  ('profile'),
  ('register'),
  ('root'),
  ('settings'),
  ('share_garden_tip'),
  ('signin'),
  ('signup'),
  ('staff'),
  ('support'),
  ('system'),
  ('terms'),
  ('tips'),
  ('undefined'),
  ('uploads');
--> statement-breakpoint
-- The name in lower case, accents dropped where the database can (UTF8), every other run of characters one
-- underscore, at most 20 characters: "José Núñez-Ölund" is jose_nunez_olund. A name with nothing left
-- (only other scripts, only punctuation) makes "gardener".
CREATE OR REPLACE FUNCTION "handle_base"("name" text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  base text := coalesce("name", '');
BEGIN
  -- Accents first, so what is left is plain a-z that lower() knows in any locale.
  IF current_setting('server_encoding') = 'UTF8' THEN
    base := regexp_replace(normalize(base, NFKD), '[\u0300-\u036f]', '', 'g');
  END IF;
  base := trim(both '_' from regexp_replace(lower(base), '[^a-z0-9]+', '_', 'g'));
  base := trim(both '_' from left(base, 20));
  IF length(base) < 2 THEN
    base := 'gardener';
  END IF;
  RETURN base;
END;
$$;
--> statement-breakpoint
-- The first free handle from a base: the base itself, else the base with 2, 3, ... after it. Two accounts
-- with the same base made at once take turns on a lock of that base until their transactions end, so the
-- second sees the first's handle instead of failing on the unique index.
CREATE OR REPLACE FUNCTION "free_handle"("base" text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  candidate text := "base";
  n int := 1;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('handle:' || "base"));
  WHILE EXISTS (SELECT 1 FROM "users" WHERE "handle" = candidate)
     OR EXISTS (SELECT 1 FROM "reserved_handles" WHERE "handle" = candidate) LOOP
    n := n + 1;
    candidate := left("base", 25 - length(n::text)) || n::text;
  END LOOP;
  RETURN candidate;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "assign_handle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."handle" IS NULL THEN
    NEW."handle" := free_handle(handle_base(NEW."name"));
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "handle" text;--> statement-breakpoint
DO $$
DECLARE
  account record;
BEGIN
  FOR account IN SELECT "id", "name" FROM "users" ORDER BY "created_at", "id" LOOP
    UPDATE "users" SET "handle" = free_handle(handle_base(account."name")) WHERE "id" = account."id";
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "handle" SET DEFAULT null;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "handle" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_handle_key" ON "users" USING btree ("handle");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_handle_check" CHECK ("users"."handle" ~ '^[a-z0-9_]{2,25}$');--> statement-breakpoint
CREATE TRIGGER "users_assign_handle" BEFORE INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION "assign_handle"();
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "experiences" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "certifications" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "garden_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "youtube" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_age_check" CHECK ("users"."age" is null or ("users"."age" between 0 and 150));
--> statement-breakpoint
-- A gardener's page reads the account: cached pages are dropped when accounts change (ADR 026).
CREATE TRIGGER "users_notify_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
