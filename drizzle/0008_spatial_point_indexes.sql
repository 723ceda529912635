CREATE INDEX "addresses_point_idx" ON "addresses" USING gist ("point") WHERE point is not null;--> statement-breakpoint
CREATE INDEX "municipality_parts_point_idx" ON "municipality_parts" USING gist ("point");--> statement-breakpoint
CREATE INDEX "streets_point_idx" ON "streets" USING gist ("point");