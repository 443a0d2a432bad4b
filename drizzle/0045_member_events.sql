-- A member's unread count changed: the servers wake that member's open event streams (ADR 080). The
-- payload is the member's id and nothing else; a server that holds no stream of theirs ignores it.
CREATE FUNCTION "notification_counts_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('member_events', NEW."user_id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "notification_counts_announce" AFTER INSERT OR UPDATE ON "notification_counts"
  FOR EACH ROW EXECUTE FUNCTION "notification_counts_announce"();
