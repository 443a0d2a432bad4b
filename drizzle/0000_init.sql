CREATE TYPE "public"."availability" AS ENUM('Public', 'Hidden', 'Private');--> statement-breakpoint
CREATE TYPE "public"."difficulty" AS ENUM('Easy', 'Medium', 'Hard');--> statement-breakpoint
CREATE TYPE "public"."gardener_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gardeners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gardeners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"image" text,
	"status" "gardener_status" DEFAULT 'active' NOT NULL,
	"email" text NOT NULL,
	"age" integer,
	"gender" text,
	"experiences" text,
	"location" text,
	"certifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"garden_name" text,
	"youtube" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gardeners_email_unique" UNIQUE("email"),
	CONSTRAINT "gardeners_age_check" CHECK ("gardeners"."age" is null or ("gardeners"."age" between 0 and 150))
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"plant_type" text NOT NULL,
	"difficulty" "difficulty" NOT NULL,
	"description" text NOT NULL,
	"images" text,
	"category" text NOT NULL,
	"availability" "availability" DEFAULT 'Public' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"total_liked" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_total_liked_check" CHECK ("tips"."total_liked" >= 0)
);
--> statement-breakpoint
CREATE INDEX "gardeners_status_name_idx" ON "gardeners" USING btree ("status","name");--> statement-breakpoint
CREATE INDEX "tips_availability_created_idx" ON "tips" USING btree ("availability","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "tips_availability_liked_idx" ON "tips" USING btree ("availability","total_liked" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "tips_email_created_idx" ON "tips" USING btree ("email","created_at" DESC NULLS LAST);