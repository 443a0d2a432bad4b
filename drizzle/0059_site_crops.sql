CREATE TABLE "site_crops" (
	"slug" text PRIMARY KEY NOT NULL,
	"crop" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "site_crops_slug_check" CHECK ("site_crops"."crop"->>'slug' = "site_crops"."slug")
);
--> statement-breakpoint
ALTER TABLE "site_crops" ADD CONSTRAINT "site_crops_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A crop added, changed or removed drops the cached crop lists, crop pages and rendered pages (ADR 096).
CREATE TRIGGER "site_crops_notify_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_crops"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_change"();
