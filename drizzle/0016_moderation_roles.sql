CREATE TYPE "public"."user_role" AS ENUM('member', 'moderator', 'administrator');--> statement-breakpoint
CREATE TABLE "moderation_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"subject_id" text,
	"subject_name" text,
	"reason" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" "user_role" DEFAULT 'member' NOT NULL;--> statement-breakpoint
CREATE INDEX "moderation_log_at_idx" ON "moderation_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_log_actor_idx" ON "moderation_log" USING btree ("actor_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_log_subject_idx" ON "moderation_log" USING btree ("subject_id","at" DESC NULLS LAST);--> statement-breakpoint
-- The moderation record is kept as written: nothing the site runs may change or remove an entry, so a
-- moderator cannot tidy away their own decisions (ADR 040). Only someone with the database itself can.
CREATE FUNCTION "moderation_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "moderation_log_no_change" BEFORE UPDATE OR DELETE ON "moderation_log"
  FOR EACH ROW EXECUTE FUNCTION "moderation_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "moderation_log_no_truncate" BEFORE TRUNCATE ON "moderation_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "moderation_log_append_only"();
