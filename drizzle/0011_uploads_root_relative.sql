-- Uploaded photos are stored as their root-relative path (/uploads/<name>), like the shipped images, so
-- the data does not depend on BASE_URL or S3_PUBLIC_URL and a site that moves keeps its photos (ADR 027).
-- Earlier releases stored the absolute URL: each one naming a photo this site has a record of becomes
-- its path. A link to a picture elsewhere is left as it is.
UPDATE "tips" SET "images" = substring("images" from '(/uploads/[0-9a-f]{32}-[0-9]+x[0-9]+[.]webp)$')
WHERE "images" ~ '^https?://[^/?#]+(/[^?#]*)?/uploads/[0-9a-f]{32}-[0-9]+x[0-9]+[.]webp$'
  AND EXISTS (
    SELECT 1 FROM "photo_uploads"
    WHERE "photo_uploads"."hash" = substring("tips"."images" from '/uploads/([0-9a-f]{32})-[0-9]+x[0-9]+[.]webp$')
  );
--> statement-breakpoint
UPDATE "users" SET "image" = substring("image" from '(/uploads/[0-9a-f]{32}-[0-9]+x[0-9]+[.]webp)$')
WHERE "image" ~ '^https?://[^/?#]+(/[^?#]*)?/uploads/[0-9a-f]{32}-[0-9]+x[0-9]+[.]webp$'
  AND EXISTS (
    SELECT 1 FROM "photo_uploads"
    WHERE "photo_uploads"."hash" = substring("users"."image" from '/uploads/([0-9a-f]{32})-[0-9]+x[0-9]+[.]webp$')
  );
