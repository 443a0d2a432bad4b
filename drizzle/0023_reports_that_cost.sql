ALTER TABLE "reports" DROP CONSTRAINT "reports_weight_check";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reporter_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hold_cleared_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reports_address_idx" ON "reports" USING btree ("reporter_address","created_at");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_weight_check" CHECK ("reports"."weight" between 0 and 2);--> statement-breakpoint
-- A report that weighed 1 was a newcomer's, which now counts towards nothing (ADR 049).
UPDATE "reports" SET "weight" = 0 WHERE "weight" = 1;
