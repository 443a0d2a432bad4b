CREATE TABLE "tip_counts" (
	"availability" "availability" NOT NULL,
	"difficulty" "difficulty" NOT NULL,
	"category" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tip_counts_availability_difficulty_category_pk" PRIMARY KEY("availability","difficulty","category")
);--> statement-breakpoint
-- Exact tip counts per (availability, difficulty, category), kept by a trigger, so X-Total-Count of any
-- list without text search sums at most 135 small rows instead of counting the tips themselves.
CREATE OR REPLACE FUNCTION "tip_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'DELETE' OR (OLD."availability", OLD."difficulty", OLD."category")
        IS DISTINCT FROM (NEW."availability", NEW."difficulty", NEW."category") THEN
      UPDATE "tip_counts" SET "total" = "total" - 1
      WHERE "availability" = OLD."availability" AND "difficulty" = OLD."difficulty" AND "category" = OLD."category";
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    IF TG_OP = 'INSERT' OR (OLD."availability", OLD."difficulty", OLD."category")
        IS DISTINCT FROM (NEW."availability", NEW."difficulty", NEW."category") THEN
      INSERT INTO "tip_counts" ("availability", "difficulty", "category", "total")
      VALUES (NEW."availability", NEW."difficulty", NEW."category", 1)
      ON CONFLICT ("availability", "difficulty", "category") DO UPDATE SET "total" = "tip_counts"."total" + 1;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tips_counts_trigger" AFTER INSERT OR UPDATE OF "availability", "difficulty", "category" OR DELETE ON "tips"
FOR EACH ROW EXECUTE FUNCTION "tip_counts_apply"();--> statement-breakpoint
INSERT INTO "tip_counts" ("availability", "difficulty", "category", "total")
SELECT "availability", "difficulty", "category", count(*) FROM "tips" GROUP BY 1, 2, 3
ON CONFLICT ("availability", "difficulty", "category") DO UPDATE SET "total" = excluded."total";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tip_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "tip_counts";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tips_counts_truncate_trigger" AFTER TRUNCATE ON "tips"
FOR EACH STATEMENT EXECUTE FUNCTION "tip_counts_clear"();
