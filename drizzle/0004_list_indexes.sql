DROP INDEX "tips_availability_created_idx";--> statement-breakpoint
DROP INDEX "tips_availability_liked_idx";--> statement-breakpoint
DROP INDEX "tips_email_created_idx";--> statement-breakpoint
DROP INDEX "tips_availability_title_idx";--> statement-breakpoint
CREATE INDEX "tips_availability_created_idx" ON "tips" USING btree ("availability","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tips_availability_liked_idx" ON "tips" USING btree ("availability","total_liked" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tips_email_created_idx" ON "tips" USING btree ("email","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tips_availability_title_idx" ON "tips" USING btree ("availability",lower("title"),"id");