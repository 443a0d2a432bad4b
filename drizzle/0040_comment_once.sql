-- A comment is written in one statement (ADR 076): the member's lock on this tip, then the double-post
-- check and the insert, answered with the row as written. A VOLATILE function's statements each take a
-- new snapshot, so the check after the lock sees a comment the same member committed while this one
-- waited; the lock is the statement's own transaction's and ends with it. One round trip, where a
-- transaction around the same steps took four, each holding the embedded database's only connection.
CREATE FUNCTION "comment_once"(
  "new_id" uuid, "new_tip_id" uuid, "new_author_id" text, "new_thread_id" uuid, "new_thread_at" timestamptz,
  "new_body" text, "new_created_at" timestamptz, "new_editable_until" timestamptz, "repeat_since" timestamptz
) RETURNS SETOF "comments" LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('comment:' || "new_author_id" || ':' || "new_tip_id"::text));
  RETURN QUERY
  WITH "written" AS (
    INSERT INTO "comments" ("id", "tip_id", "author_id", "thread_id", "thread_at", "body", "created_at", "editable_until")
    SELECT "new_id", "new_tip_id", "new_author_id", "new_thread_id", "new_thread_at", "new_body", "new_created_at",
      "new_editable_until"
    WHERE NOT EXISTS (
      SELECT 1 FROM "comments" "earlier"
      WHERE "earlier"."author_id" = "new_author_id" AND "earlier"."tip_id" = "new_tip_id"
        AND "earlier"."body" = "new_body" AND "earlier"."state" = 'visible'
        AND "earlier"."created_at" > "repeat_since"
    )
    RETURNING *
  )
  SELECT * FROM "written";
END;
$$;
