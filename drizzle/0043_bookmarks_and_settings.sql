CREATE TABLE "bookmarks" (
	"user_id" text NOT NULL,
	"tip_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"remind_at" timestamp with time zone,
	"remind_season" text,
	"reminded_at" timestamp with time zone,
	"tip_gone_at" timestamp with time zone,
	"gone_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_user_id_tip_id_pk" PRIMARY KEY("user_id","tip_id"),
	CONSTRAINT "bookmarks_note_check" CHECK (char_length("bookmarks"."note") <= 100),
	CONSTRAINT "bookmarks_season_check" CHECK ("bookmarks"."remind_season" is null or "bookmarks"."remind_season" in ('spring', 'autumn'))
);
--> statement-breakpoint
CREATE TABLE "member_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"hemisphere" text,
	"time_zone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_settings_hemisphere_check" CHECK ("member_settings"."hemisphere" is null or "member_settings"."hemisphere" in ('north', 'south'))
);
--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookmarks_user_created_idx" ON "bookmarks" USING btree ("user_id","created_at" DESC NULLS FIRST,"tip_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookmarks_tip_idx" ON "bookmarks" USING btree ("tip_id");--> statement-breakpoint
CREATE INDEX "bookmarks_due_idx" ON "bookmarks" USING btree ("remind_at") WHERE "bookmarks"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "bookmarks_gone_idx" ON "bookmarks" USING btree ("tip_gone_at") WHERE "bookmarks"."tip_gone_at" is not null;--> statement-breakpoint
-- A deleted tip's bookmarks stay three days, saying so, before they go (ADR 078): every way a tip is
-- deleted (its author, a moderator's removal, the author's account) marks them here. The title is kept
-- only when anyone could read the tip when it went: a tip removed while held, or one its author kept
-- private, is not named again.
CREATE FUNCTION "bookmarks_mark_tip_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "bookmarks" SET
    "tip_gone_at" = now(),
    "gone_title" = CASE
      WHEN OLD."availability" = 'Public' AND OLD."hold" IS NULL AND NOT OLD."author_held" THEN OLD."title"
    END
  WHERE "tip_id" = OLD."id" AND "tip_gone_at" IS NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bookmarks_mark_tip_gone" AFTER DELETE ON "tips"
  FOR EACH ROW EXECUTE FUNCTION "bookmarks_mark_tip_gone"();
