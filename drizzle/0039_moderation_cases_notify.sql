-- A tip's comments are kept in the public cache (ADR 074), and whether a comment on hold reads "Hidden
-- pending review" or "Removed by the moderators" depends on whether a case about it is open: a change to
-- the cases drops the answers that read them, as a change to the other tables they read does.
CREATE TRIGGER "moderation_cases_notify_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "moderation_cases"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
