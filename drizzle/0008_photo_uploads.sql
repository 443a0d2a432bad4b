CREATE TABLE "photo_uploads" (
	"hash" text NOT NULL,
	"owner_id" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_uploads_hash_owner_id_pk" PRIMARY KEY("hash","owner_id")
);
--> statement-breakpoint
ALTER TABLE "photo_uploads" ADD CONSTRAINT "photo_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_uploads_uploaded_idx" ON "photo_uploads" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "photo_uploads_owner_idx" ON "photo_uploads" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "tips_photo_idx" ON "tips" USING btree (substring("images" from '/uploads/([0-9a-f]{32})-[0-9]+x[0-9]+[.]webp$'));--> statement-breakpoint
CREATE INDEX "users_photo_idx" ON "users" USING btree (substring("image" from '/uploads/([0-9a-f]{32})-[0-9]+x[0-9]+[.]webp$'));