-- Public answers (tip lists, a tip, gardeners) are cached by every server instance, so many visitors at
-- once are answered as fast as one. Any change to the tables behind them, from any instance or tool,
-- tells every listening instance to drop its cache.
-- Statement-level: one notification per statement, and PostgreSQL folds identical notifications of one
-- transaction into one, delivered at commit (never for a rolled-back change).
CREATE OR REPLACE FUNCTION "notify_public_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_change', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tips_notify_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tips"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
CREATE TRIGGER "gardeners_notify_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "gardeners"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
