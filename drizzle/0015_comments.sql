CREATE TYPE "public"."comment_state" AS ENUM('visible', 'hidden', 'deleted');--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tip_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"thread_id" uuid NOT NULL,
	"thread_at" timestamp with time zone NOT NULL,
	"body" text NOT NULL,
	"state" "comment_state" DEFAULT 'visible' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"editable_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "total_comments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_thread_id_comments_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_tip_order_idx" ON "comments" USING btree ("tip_id","thread_at","thread_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_thread_idx" ON "comments" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id","created_at");--> statement-breakpoint
-- A tip's total_comments counts its visible comments, moved by statement-level triggers over the changed
-- rows: one update per tip per statement, none for a change that shows or hides nothing (an edit).
CREATE FUNCTION "comments_count_add"(delta jsonb) RETURNS void LANGUAGE sql AS $$
  UPDATE "tips" SET "total_comments" = greatest("tips"."total_comments" + (d->>'n')::int, 0)
  FROM jsonb_array_elements(delta) AS d
  WHERE "tips"."id" = (d->>'tip_id')::uuid;
$$;--> statement-breakpoint
-- Each branch reads only the transition tables its event has: PL/pgSQL plans a statement when it runs.
CREATE FUNCTION "comments_count_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "comments_count_add"(coalesce((SELECT jsonb_agg(g) FROM (
      SELECT "tip_id", count(*) AS n FROM new_rows WHERE "state" = 'visible' GROUP BY 1) g), '[]'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "comments_count_add"(coalesce((SELECT jsonb_agg(g) FROM (
      SELECT "tip_id", -count(*) AS n FROM old_rows WHERE "state" = 'visible' GROUP BY 1) g), '[]'));
  ELSE
    PERFORM "comments_count_add"(coalesce((SELECT jsonb_agg(g) FROM (
      SELECT "tip_id", sum(n) AS n FROM (
        SELECT "tip_id", 1 AS n FROM new_rows WHERE "state" = 'visible'
        UNION ALL
        SELECT "tip_id", -1 AS n FROM old_rows WHERE "state" = 'visible'
      ) changes GROUP BY 1 HAVING sum(n) <> 0) g), '[]'));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "comments_count_insert" AFTER INSERT ON "comments"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "comments_count_changes"();--> statement-breakpoint
CREATE TRIGGER "comments_count_delete" AFTER DELETE ON "comments"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "comments_count_changes"();--> statement-breakpoint
CREATE TRIGGER "comments_count_update" AFTER UPDATE ON "comments"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "comments_count_changes"();
