-- Each uploaded photo becomes a record (hash, storage key, size) that tips and profiles refer to by hash;
-- until now a tip or profile kept the photo's root-relative address (/uploads/<hash>-<w>x<h>.webp) and
-- the hash and size were read back out of it. Addresses linked from elsewhere stay in images / image.
CREATE TABLE "photos" (
	"hash" text PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
INSERT INTO "photos" ("hash", "storage_key", "width", "height", "created_at")
SELECT "hash", "hash" || '-' || "width" || 'x' || "height" || '.webp', "width", "height", min("uploaded_at")
FROM "photo_uploads" GROUP BY "hash", "width", "height"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A photo still shown whose uploaders have all left keeps its record too.
INSERT INTO "photos" ("hash", "storage_key", "width", "height")
SELECT DISTINCT ON (m[2]) m[2], m[1], m[3]::integer, m[4]::integer
FROM (
  SELECT regexp_match("images", '^/uploads/(([0-9a-f]{32})-([0-9]{1,4})x([0-9]{1,4})[.]webp)$') AS m FROM "tips"
  UNION ALL
  SELECT regexp_match("image", '^/uploads/(([0-9a-f]{32})-([0-9]{1,4})x([0-9]{1,4})[.]webp)$') FROM "users"
) AS "shown"
WHERE m IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP INDEX "tips_photo_idx";--> statement-breakpoint
DROP INDEX "users_photo_idx";--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "photo_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_hash" text;--> statement-breakpoint
UPDATE "tips" SET "photo_hash" = "photos"."hash", "images" = NULL
FROM "photos" WHERE "tips"."images" = '/uploads/' || "photos"."storage_key";--> statement-breakpoint
UPDATE "users" SET "photo_hash" = "photos"."hash", "image" = NULL
FROM "photos" WHERE "users"."image" = '/uploads/' || "photos"."storage_key";--> statement-breakpoint
ALTER TABLE "photo_uploads" ADD CONSTRAINT "photo_uploads_hash_photos_hash_fk" FOREIGN KEY ("hash") REFERENCES "public"."photos"("hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_photo_hash_photos_hash_fk" FOREIGN KEY ("photo_hash") REFERENCES "public"."photos"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_photo_hash_photos_hash_fk" FOREIGN KEY ("photo_hash") REFERENCES "public"."photos"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tips_photo_idx" ON "tips" USING btree ("photo_hash");--> statement-breakpoint
CREATE INDEX "users_photo_idx" ON "users" USING btree ("photo_hash");--> statement-breakpoint
ALTER TABLE "photo_uploads" DROP COLUMN "width";--> statement-breakpoint
ALTER TABLE "photo_uploads" DROP COLUMN "height";
