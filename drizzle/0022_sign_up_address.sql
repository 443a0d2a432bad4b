ALTER TABLE "users" ADD COLUMN "signup_address" text;--> statement-breakpoint
CREATE INDEX "users_signup_address_idx" ON "users" USING btree ("signup_address","created_at");