-- Cached public answers are dropped by the table they read (ADR 026): the notification names the table
-- that changed. Still statement-level, so one statement sends one notification, and PostgreSQL folds
-- identical notifications of one transaction into one, delivered at commit (never for a rollback).
CREATE OR REPLACE FUNCTION "notify_public_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
