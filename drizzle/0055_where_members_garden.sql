ALTER TABLE "member_settings" ADD COLUMN "last_frost" text;--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "first_frost" text;--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "frost_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "units" text DEFAULT 'metric' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_frost_check" CHECK (("member_settings"."last_frost" is null or "member_settings"."last_frost" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$') and ("member_settings"."first_frost" is null or "member_settings"."first_frost" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$') and "member_settings"."units" in ('metric', 'imperial'));