CREATE TABLE "member_presence" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "email_replies" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "email_mentions" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_state" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_note" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_presence" ADD CONSTRAINT "member_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_mail_due_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."mail_state" is null and "notifications"."kind" in ('comment', 'reply', 'mention');--> statement-breakpoint
CREATE INDEX "notifications_mailed_idx" ON "notifications" USING btree ("user_id","mail_decided_at") WHERE "notifications"."mail_state" = 'sent';