DROP INDEX "place_names_trgm_streets_gist_idx";--> statement-breakpoint
CREATE INDEX "place_names_trgm_streets_idx" ON "place_names" USING gin ("name_norm" gin_trgm_ops) WHERE type = 'ulica';