-- The photo route keeps the photos on hold in memory (HeldPhotos): a hold, made by any instance, empties
-- that keep as it is committed, so a photo on hold is refused from that moment.
CREATE TRIGGER "photo_holds_notify_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "photo_holds"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
