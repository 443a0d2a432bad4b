CREATE TABLE "member_summaries" (
	"user_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"result" text NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_summaries_user_id_due_at_pk" PRIMARY KEY("user_id","due_at")
);
--> statement-breakpoint
CREATE TABLE "summary_schedule" (
	"user_id" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"planned" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "email_summary" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "summary_every" text DEFAULT 'weekly' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "summary_day" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_summaries" ADD CONSTRAINT "member_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_schedule" ADD CONSTRAINT "summary_schedule_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_summaries_sent_idx" ON "member_summaries" USING btree ("user_id","decided_at") WHERE "member_summaries"."result" in ('sent', 'farewell');--> statement-breakpoint
CREATE INDEX "summary_schedule_next_idx" ON "summary_schedule" USING btree ("next_at");--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_summary_check" CHECK ("member_settings"."summary_every" in ('weekly', 'daily') and "member_settings"."summary_day" between 0 and 6);--> statement-breakpoint
-- Every account is in the schedule from the start; the sweep plans its first slot (ADR 084).
INSERT INTO "summary_schedule" ("user_id") SELECT "id" FROM "users" ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "users_schedule_summary"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "summary_schedule" ("user_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_schedule_summary" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "users_schedule_summary"();
