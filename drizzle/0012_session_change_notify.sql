-- Signed-in sessions are kept in each instance's memory (ADR 034): a change to a session or to its
-- account, from any instance or tool, names the account on the channel session_change, so every instance
-- drops what it holds for it. Row-level, so the notification can name the account; PostgreSQL folds
-- identical notifications of one transaction into one, delivered at commit (never for a rollback). A
-- new session changes nothing anyone holds: inserts are not told.
CREATE OR REPLACE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('session_change', '');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_change', OLD.id);
  ELSE
    PERFORM pg_notify('session_change', OLD.user_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_session_change" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_truncate_notify_session_change" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_session_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "users_truncate_notify_session_change" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_change"();
--> statement-breakpoint
-- A member's own answers (their like on a tip, their dashboard) read the likes: kept with their session
-- (ADR 034), they are dropped when the likes change, like public answers by the tables they read (ADR 026).
CREATE TRIGGER "tip_likes_notify_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tip_likes"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
