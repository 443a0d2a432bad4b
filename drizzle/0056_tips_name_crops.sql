ALTER TABLE "tips" ADD COLUMN "crops" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "tips_crops_idx" ON "tips" USING gin ("crops");--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_crops_check" CHECK (cardinality("tips"."crops") <= 5);--> statement-breakpoint
-- A crop page ranks its tips by where their authors garden (ADR 091): a change of a member's place drops
-- the cached answers that read it. Row by row, so that saving other settings (notifications, quiet hours),
-- which writes the row with an upsert, drops nothing.
CREATE TRIGGER "member_settings_place_insert_notify"
  AFTER INSERT ON "member_settings"
  FOR EACH ROW WHEN (NEW."hemisphere" IS NOT NULL)
  EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
CREATE TRIGGER "member_settings_place_update_notify"
  AFTER UPDATE ON "member_settings"
  FOR EACH ROW WHEN (
    OLD."hemisphere" IS DISTINCT FROM NEW."hemisphere"
    OR OLD."last_frost" IS DISTINCT FROM NEW."last_frost"
    OR OLD."frost_free" IS DISTINCT FROM NEW."frost_free"
  )
  EXECUTE FUNCTION "notify_public_change"();
--> statement-breakpoint
CREATE TRIGGER "member_settings_place_delete_notify"
  AFTER DELETE ON "member_settings"
  FOR EACH ROW WHEN (OLD."hemisphere" IS NOT NULL)
  EXECUTE FUNCTION "notify_public_change"();
