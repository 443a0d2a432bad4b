ALTER TABLE "reports" ADD COLUMN "item_label" text;--> statement-breakpoint
-- Reports filed before this release are named by what their item is now, where it still is.
UPDATE "reports" AS "r" SET "item_label" = CASE "r"."target_type"
  WHEN 'tip' THEN (SELECT "title" FROM "tips" WHERE "tips"."id"::text = "r"."target_id")
  WHEN 'comment' THEN (SELECT CASE WHEN length("flat") > 80 THEN left("flat", 79) || '…' ELSE "flat" END
    FROM (SELECT btrim(regexp_replace("body", '\s+', ' ', 'g')) AS "flat" FROM "comments"
      WHERE "comments"."id"::text = "r"."target_id" AND "comments"."state" <> 'deleted') AS "c")
  WHEN 'gardener' THEN (SELECT "name" FROM "users" WHERE "users"."id" = "r"."target_id")
  ELSE NULL END;
