ALTER TABLE "moderation_cases" ADD COLUMN "weight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_team_idx" ON "users" USING btree ("id") WHERE "users"."role" <> 'member';--> statement-breakpoint
CREATE INDEX "moderation_cases_queue_idx" ON "moderation_cases" USING btree ("weight" DESC NULLS FIRST,"waiting_since","id") WHERE "moderation_cases"."state" = 'open' and "moderation_cases"."waiting_since" is not null;--> statement-breakpoint
-- The moderation queue reads its order from each case instead of weighing every open case's reports per
-- request (ADR 070): `weight`, what its open reports weigh (an appeal: the reports of the decision it
-- appeals), and `waiting_since`, its oldest open report (an appeal: when it was filed; null while no
-- report of it is open). Read again for the cases a statement's reports belong to, from those reports
-- by reports_case_idx, and written only when they move.
CREATE FUNCTION "moderation_cases_read_reports"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "moderation_cases" c SET "weight" = r.weight, "waiting_since" = r.since
  FROM (
    SELECT k."id",
      coalesce((
        SELECT sum(rp."weight") FROM "reports" rp
        WHERE rp."case_id" = coalesce(k."appeal_of", k."id") AND (k."appeal_of" IS NOT NULL OR rp."state" = 'open')
      ), 0)::int AS weight,
      CASE WHEN k."appeal_of" IS NOT NULL THEN k."opened_at" ELSE (
        SELECT min(rp."created_at") FROM "reports" rp WHERE rp."case_id" = k."id" AND rp."state" = 'open'
      ) END AS since
    FROM "moderation_cases" k WHERE k."id" = ANY(ids) OR k."appeal_of" = ANY(ids)
  ) r
  WHERE c."id" = r."id" AND (c."weight" <> r.weight OR c."waiting_since" IS DISTINCT FROM r.since);
$$;--> statement-breakpoint
CREATE FUNCTION "reports_weigh_cases_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT "case_id") INTO ids FROM new_rows WHERE "case_id" IS NOT NULL;
  IF ids IS NOT NULL THEN
    PERFORM "moderation_cases_read_reports"(ids);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "reports_weigh_cases_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  -- The cases of a report whose case, state, weight or date changed, before and after.
  SELECT array_agg(DISTINCT id) INTO ids FROM (
    SELECT unnest(ARRAY[n."case_id", o."case_id"]) AS id FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE (n."case_id", n."state", n."weight", n."created_at") IS DISTINCT FROM (o."case_id", o."state", o."weight", o."created_at")
  ) changed WHERE id IS NOT NULL;
  IF ids IS NOT NULL THEN
    PERFORM "moderation_cases_read_reports"(ids);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "reports_weigh_cases_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT "case_id") INTO ids FROM old_rows WHERE "case_id" IS NOT NULL;
  IF ids IS NOT NULL THEN
    PERFORM "moderation_cases_read_reports"(ids);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- An appeal weighs what the decision's reports weighed, and waits from when it was filed.
CREATE FUNCTION "moderation_cases_weigh_appeal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."appeal_of" IS NOT NULL THEN
    NEW."weight" := coalesce((SELECT sum("weight") FROM "reports" WHERE "case_id" = NEW."appeal_of"), 0);
    NEW."waiting_since" := NEW."opened_at";
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- The cases waiting for a decision, counted once per statement that changes cases.
CREATE FUNCTION "waiting_cases_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kept_counts_add"('waiting_cases',
    (SELECT count(*) FROM new_rows WHERE "state" = 'open' AND "waiting_since" IS NOT NULL));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "waiting_cases_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kept_counts_add"('waiting_cases',
    (SELECT count(*) FROM new_rows WHERE "state" = 'open' AND "waiting_since" IS NOT NULL)
    - (SELECT count(*) FROM old_rows WHERE "state" = 'open' AND "waiting_since" IS NOT NULL));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "waiting_cases_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kept_counts_add"('waiting_cases',
    -(SELECT count(*) FROM old_rows WHERE "state" = 'open' AND "waiting_since" IS NOT NULL));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "waiting_cases_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "kept_counts" SET "total" = 0 WHERE "name" = 'waiting_cases';
  RETURN NULL;
END;
$$;--> statement-breakpoint
UPDATE "moderation_cases" c SET "weight" = r.weight, "waiting_since" = r.since
FROM (
  SELECT k."id",
    coalesce((
      SELECT sum(rp."weight") FROM "reports" rp
      WHERE rp."case_id" = coalesce(k."appeal_of", k."id") AND (k."appeal_of" IS NOT NULL OR rp."state" = 'open')
    ), 0)::int AS weight,
    CASE WHEN k."appeal_of" IS NOT NULL THEN k."opened_at" ELSE (
      SELECT min(rp."created_at") FROM "reports" rp WHERE rp."case_id" = k."id" AND rp."state" = 'open'
    ) END AS since
  FROM "moderation_cases" k
) r
WHERE c."id" = r."id";--> statement-breakpoint
INSERT INTO "kept_counts" ("name", "total")
SELECT 'waiting_cases', count(*) FROM "moderation_cases" WHERE "state" = 'open' AND "waiting_since" IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER "reports_weigh_cases_insert" AFTER INSERT ON "reports"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reports_weigh_cases_on_insert"();--> statement-breakpoint
CREATE TRIGGER "reports_weigh_cases_update" AFTER UPDATE ON "reports"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reports_weigh_cases_on_update"();--> statement-breakpoint
CREATE TRIGGER "reports_weigh_cases_delete" AFTER DELETE ON "reports"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "reports_weigh_cases_on_delete"();--> statement-breakpoint
CREATE TRIGGER "moderation_cases_weigh_appeal" BEFORE INSERT ON "moderation_cases"
FOR EACH ROW EXECUTE FUNCTION "moderation_cases_weigh_appeal"();--> statement-breakpoint
CREATE TRIGGER "moderation_cases_waiting_insert" AFTER INSERT ON "moderation_cases"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "waiting_cases_on_insert"();--> statement-breakpoint
CREATE TRIGGER "moderation_cases_waiting_update" AFTER UPDATE ON "moderation_cases"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "waiting_cases_on_update"();--> statement-breakpoint
CREATE TRIGGER "moderation_cases_waiting_delete" AFTER DELETE ON "moderation_cases"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "waiting_cases_on_delete"();--> statement-breakpoint
CREATE TRIGGER "moderation_cases_waiting_truncate" AFTER TRUNCATE ON "moderation_cases"
FOR EACH STATEMENT EXECUTE FUNCTION "waiting_cases_clear"();
