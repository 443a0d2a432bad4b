-- Uploaded photos are kept root-relative (/uploads/<name>) so they show under any address the site has;
-- a move or restore by an earlier release wrote them absolute, naming the address of the shell that ran it.
UPDATE "tips" SET "images" = '/uploads/' || substring("images" from '[^/]+$')
WHERE "images" ~ '/uploads/[0-9a-f]{32}-[0-9]+x[0-9]+[.]webp$' AND "images" !~ '^/uploads/'
  AND substring("images" from '([0-9a-f]{32})-[0-9]+x[0-9]+[.]webp$') IN (SELECT "hash" FROM "photo_uploads");--> statement-breakpoint
UPDATE "users" SET "image" = '/uploads/' || substring("image" from '[^/]+$')
WHERE "image" ~ '/uploads/[0-9a-f]{32}-[0-9]+x[0-9]+[.]webp$' AND "image" !~ '^/uploads/'
  AND substring("image" from '([0-9a-f]{32})-[0-9]+x[0-9]+[.]webp$') IN (SELECT "hash" FROM "photo_uploads");--> statement-breakpoint
UPDATE "gardeners" SET "image" = '/uploads/' || substring("image" from '[^/]+$')
WHERE "image" ~ '/uploads/[0-9a-f]{32}-[0-9]+x[0-9]+[.]webp$' AND "image" !~ '^/uploads/'
  AND substring("image" from '([0-9a-f]{32})-[0-9]+x[0-9]+[.]webp$') IN (SELECT "hash" FROM "photo_uploads");
