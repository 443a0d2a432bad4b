CREATE TABLE "sowing_reminders" (
	"user_id" text NOT NULL,
	"crop" text NOT NULL,
	"task" text NOT NULL,
	"tip_id" uuid,
	"opens_on" date NOT NULL,
	"remind_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sowing_reminders_user_id_crop_pk" PRIMARY KEY("user_id","crop"),
	CONSTRAINT "sowing_reminders_task_check" CHECK ("sowing_reminders"."task" in ('sowIndoors', 'plantOut', 'sowDirect', 'sowAutumn'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "crop" text;--> statement-breakpoint
ALTER TABLE "sowing_reminders" ADD CONSTRAINT "sowing_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sowing_reminders" ADD CONSTRAINT "sowing_reminders_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sowing_reminders_due_idx" ON "sowing_reminders" USING btree ("remind_at") WHERE "sowing_reminders"."reminded_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('comment', 'reply', 'mention', 'like', 'follow', 'new_tip', 'reminder', 'decision', 'outcome', 'export', 'sowing'));