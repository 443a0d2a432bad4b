CREATE TABLE "tip_counts" (
	"availability" "availability" NOT NULL,
	"difficulty" "difficulty" NOT NULL,
	"category" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tip_counts_availability_difficulty_category_pk" PRIMARY KEY("availability","difficulty","category")
);--> statement-breakpoint
-- Exact tip counts per (availability, difficulty, category), kept by statement-level triggers over the
-- changed rows, so X-Total-Count of any list without text search sums at most 135 small rows instead of
-- counting the tips. One upsert per group per statement: a bulk insert does not update the same counter
-- row once per tip, and an update that moves no tip between groups (a like) writes nothing.
CREATE FUNCTION "tip_counts_add"(delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "tip_counts" ("availability", "difficulty", "category", "total")
  SELECT (d->>'availability')::"availability", (d->>'difficulty')::"difficulty", d->>'category', (d->>'n')::int
  FROM jsonb_array_elements(delta) AS d
  ON CONFLICT ("availability", "difficulty", "category")
  DO UPDATE SET "total" = "tip_counts"."total" + excluded."total";
$$;--> statement-breakpoint
CREATE FUNCTION "tip_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "tip_counts_add"(coalesce((
    SELECT jsonb_agg(g) FROM (
      SELECT "availability", "difficulty", "category", count(*) AS n FROM new_rows GROUP BY 1, 2, 3
    ) g), '[]'));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "tip_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "tip_counts_add"(coalesce((
    SELECT jsonb_agg(g) FROM (
      SELECT "availability", "difficulty", "category", -count(*) AS n FROM old_rows GROUP BY 1, 2, 3
    ) g), '[]'));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "tip_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "tip_counts_add"(coalesce((
    SELECT jsonb_agg(g) FROM (
      SELECT "availability", "difficulty", "category", sum(n) AS n FROM (
        SELECT "availability", "difficulty", "category", 1 AS n FROM new_rows
        UNION ALL
        SELECT "availability", "difficulty", "category", -1 AS n FROM old_rows
      ) changes GROUP BY 1, 2, 3 HAVING sum(n) <> 0
    ) g), '[]'));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "tip_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "tip_counts";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tips_counts_insert" AFTER INSERT ON "tips"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tip_counts_on_insert"();--> statement-breakpoint
CREATE TRIGGER "tips_counts_delete" AFTER DELETE ON "tips"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "tip_counts_on_delete"();--> statement-breakpoint
CREATE TRIGGER "tips_counts_update" AFTER UPDATE ON "tips"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tip_counts_on_update"();--> statement-breakpoint
CREATE TRIGGER "tips_counts_truncate" AFTER TRUNCATE ON "tips"
FOR EACH STATEMENT EXECUTE FUNCTION "tip_counts_clear"();--> statement-breakpoint
INSERT INTO "tip_counts" ("availability", "difficulty", "category", "total")
SELECT "availability", "difficulty", "category", count(*) FROM "tips" GROUP BY 1, 2, 3;
