CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "tips_availability_title_idx" ON "tips" USING btree ("availability","title","id");--> statement-breakpoint
CREATE INDEX "tips_search_trgm_idx" ON "tips" USING gin ((lower(coalesce("title", '') || ' ' || coalesce("plant_type", '') || ' ' || coalesce("category", '') || ' ' || coalesce("name", ''))) gin_trgm_ops);