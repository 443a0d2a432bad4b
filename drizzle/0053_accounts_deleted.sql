CREATE TYPE "public"."account_departure" AS ENUM('leaving', 'anonymous', 'erased');--> statement-breakpoint
CREATE TABLE "account_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"keep" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"was_listed" boolean NOT NULL,
	"handle" text NOT NULL,
	CONSTRAINT "account_deletions_state_check" CHECK ("account_deletions"."state" in ('pending', 'cancelled', 'done')),
	CONSTRAINT "account_deletions_keep_check" CHECK ("account_deletions"."keep" in ('nothing', 'anonymous'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "departure" "account_departure";--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "author_gone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletions_user_idx" ON "account_deletions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_deletions_due_idx" ON "account_deletions" USING btree ("due_at") WHERE "account_deletions"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_pending_key" ON "account_deletions" USING btree ("user_id") WHERE "account_deletions"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "account_deletions_handle_idx" ON "account_deletions" USING btree ("handle","done_at") WHERE "account_deletions"."state" = 'done';--> statement-breakpoint
-- An account leaving (its deletion waiting out the grace) is hidden as one on hold is, and so is the
-- placeholder an erased account leaves for others' replies: tips and comments copy it into author_held
-- (0018). A tip also copies whether its author is gone, to show "Former gardener" without a page.
CREATE FUNCTION "account_hides_content"("held" boolean, "departure" "account_departure") RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT "held" OR coalesce("departure" IN ('leaving', 'erased'), false);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tips_copy_author"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "name", lower("email"), "handle", "sign_in_disabled", "role",
         "account_hides_content"("held", "departure"), "departure" IN ('anonymous', 'erased')
  INTO NEW."name", NEW."email", NEW."author_handle", NEW."author_demo", NEW."author_role",
       NEW."author_held", NEW."author_gone"
  FROM "users" WHERE "id" = NEW."author_id";
  NEW."author_gone" := coalesce(NEW."author_gone", false);
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER "tips_copy_author" ON "tips";--> statement-breakpoint
CREATE TRIGGER "tips_copy_author" BEFORE INSERT OR UPDATE OF "author_id", "name", "email", "author_handle", "author_held", "author_gone" ON "tips"
FOR EACH ROW EXECUTE FUNCTION "tips_copy_author"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "comments_copy_author_held"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "account_hides_content"("held", "departure") INTO NEW."author_held" FROM "users" WHERE "id" = NEW."author_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_hold_content"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tips" SET "author_held" = "account_hides_content"(NEW."held", NEW."departure"),
    "author_gone" = coalesce(NEW."departure" IN ('anonymous', 'erased'), false)
  WHERE "author_id" = NEW."id";
  UPDATE "comments" SET "author_held" = "account_hides_content"(NEW."held", NEW."departure")
  WHERE "author_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "users_hold_content" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_hold_content" AFTER UPDATE OF "held", "departure" ON "users"
FOR EACH ROW WHEN (OLD."held" IS DISTINCT FROM NEW."held" OR OLD."departure" IS DISTINCT FROM NEW."departure")
EXECUTE FUNCTION "users_hold_content"();--> statement-breakpoint
-- The handle of a deleted account is no one else's for 90 days (ADR 089), as a former handle is (0032).
CREATE OR REPLACE FUNCTION "handle_not_former"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' OR NEW."handle" IS DISTINCT FROM OLD."handle")
     AND (EXISTS (SELECT 1 FROM "former_handles" WHERE "handle" = NEW."handle" AND "user_id" <> NEW."id")
       OR EXISTS (SELECT 1 FROM "account_deletions" WHERE "handle" = NEW."handle" AND "state" = 'done'
                  AND "done_at" > now() - interval '90 days')) THEN
    RAISE EXCEPTION 'The handle % was another member''s', NEW."handle"
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_handle_key';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "free_handle"("base" text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  candidate text := "base";
  n int := 1;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('handle:' || "base"));
  WHILE EXISTS (SELECT 1 FROM "users" WHERE "handle" = candidate)
     OR EXISTS (SELECT 1 FROM "reserved_handles" WHERE "handle" = candidate)
     OR EXISTS (SELECT 1 FROM "former_handles" WHERE "handle" = candidate)
     OR EXISTS (SELECT 1 FROM "account_deletions" WHERE "handle" = candidate AND "state" = 'done'
                AND "done_at" > now() - interval '90 days') LOOP
    n := n + 1;
    candidate := left("base", 25 - length(n::text)) || n::text;
  END LOOP;
  RETURN candidate;
END;
$$;
