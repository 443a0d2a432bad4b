DROP INDEX "tips_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || ' ' || coalesce("plant_type", '') || ' ' || coalesce("category", '') || ' ' || coalesce("name", ''))) STORED;--> statement-breakpoint
CREATE INDEX "tips_search_trgm_idx" ON "tips" USING gin ("search_text" gin_trgm_ops);