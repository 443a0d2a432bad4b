CREATE TABLE "former_handles" (
	"handle" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "former_handles" ADD CONSTRAINT "former_handles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "former_handles_user_idx" ON "former_handles" USING btree ("user_id");--> statement-breakpoint
-- A handle a member gave up stays theirs (ADR 054): another account asking for it is told it is taken, as
-- for a handle in use (the same constraint name, which the profile route answers with 409).
CREATE FUNCTION "handle_not_former"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' OR NEW."handle" IS DISTINCT FROM OLD."handle")
     AND EXISTS (SELECT 1 FROM "former_handles" WHERE "handle" = NEW."handle" AND "user_id" <> NEW."id") THEN
    RAISE EXCEPTION 'The handle % was another member''s', NEW."handle"
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_handle_key';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_handle_not_former" BEFORE INSERT OR UPDATE OF "handle" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "handle_not_former"();--> statement-breakpoint
-- The handle given up is kept for its member; one they take back is theirs again.
CREATE FUNCTION "keep_former_handle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "former_handles" WHERE "handle" = NEW."handle";
  INSERT INTO "former_handles" ("handle", "user_id") VALUES (OLD."handle", NEW."id")
    ON CONFLICT ("handle") DO UPDATE SET "user_id" = EXCLUDED."user_id", "changed_at" = now();
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_keep_former_handle" AFTER UPDATE OF "handle" ON "users"
  FOR EACH ROW WHEN (OLD."handle" IS DISTINCT FROM NEW."handle") EXECUTE FUNCTION "keep_former_handle"();--> statement-breakpoint
-- The handles the database makes skip former ones too.
CREATE OR REPLACE FUNCTION "free_handle"("base" text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  candidate text := "base";
  n int := 1;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('handle:' || "base"));
  WHILE EXISTS (SELECT 1 FROM "users" WHERE "handle" = candidate)
     OR EXISTS (SELECT 1 FROM "reserved_handles" WHERE "handle" = candidate)
     OR EXISTS (SELECT 1 FROM "former_handles" WHERE "handle" = candidate) LOOP
    n := n + 1;
    candidate := left("base", 25 - length(n::text)) || n::text;
  END LOOP;
  RETURN candidate;
END;
$$;
