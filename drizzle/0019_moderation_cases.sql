CREATE TYPE "public"."moderation_action" AS ENUM('dismiss', 'hide', 'delete', 'warn', 'suspend');--> statement-breakpoint
CREATE TABLE "moderation_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" "report_target" NOT NULL,
	"target_id" text NOT NULL,
	"author_id" text NOT NULL,
	"state" "report_state" DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decided_by_name" text,
	"decision" "moderation_action",
	"decision_reason" text,
	"suspension_hours" integer
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "case_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_one_open_idx" ON "moderation_cases" USING btree ("target_type","target_id") WHERE "moderation_cases"."state" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_cases_state_idx" ON "moderation_cases" USING btree ("state","opened_at");--> statement-breakpoint
CREATE INDEX "moderation_cases_author_idx" ON "moderation_cases" USING btree ("author_id","decided_at");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_case_idx" ON "reports" USING btree ("case_id");--> statement-breakpoint
-- Reports filed before cases: each reported item's open reports become its open case.
INSERT INTO "moderation_cases" ("target_type", "target_id", "author_id", "opened_at")
SELECT "target_type", "target_id", (array_agg("author_id" ORDER BY "created_at"))[1], min("created_at")
FROM "reports" WHERE "state" = 'open' GROUP BY "target_type", "target_id";--> statement-breakpoint
UPDATE "reports" SET "case_id" = c."id" FROM "moderation_cases" c
WHERE "reports"."state" = 'open' AND c."target_type" = "reports"."target_type" AND c."target_id" = "reports"."target_id";
