CREATE TYPE "public"."notice_kind" AS ENUM('decision', 'outcome');--> statement-breakpoint
CREATE TABLE "blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self_check" CHECK ("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "moderation_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"case_id" uuid NOT NULL,
	"kind" "notice_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	"mail_claimed_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"appeal_token_hash" text
);
--> statement-breakpoint
DROP INDEX "moderation_cases_one_open_idx";--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD COLUMN "appeal_of" uuid;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD COLUMN "appeal_note" text;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD COLUMN "overdue_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_notices" ADD CONSTRAINT "moderation_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_notices" ADD CONSTRAINT "moderation_notices_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "moderation_notices_user_idx" ON "moderation_notices" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_notices_unmailed_idx" ON "moderation_notices" USING btree ("created_at") WHERE "moderation_notices"."mailed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_notices_token_idx" ON "moderation_notices" USING btree ("appeal_token_hash");--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_appeal_of_moderation_cases_id_fk" FOREIGN KEY ("appeal_of") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_one_appeal_idx" ON "moderation_cases" USING btree ("appeal_of");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_one_open_idx" ON "moderation_cases" USING btree ("target_type","target_id") WHERE "moderation_cases"."state" = 'open' and "moderation_cases"."appeal_of" is null;