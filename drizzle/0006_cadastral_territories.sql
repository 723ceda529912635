CREATE TABLE "cadastral_territories" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_norm" text NOT NULL,
	"municipality_code" text NOT NULL,
	"geom" geometry(MultiPolygon,4326) NOT NULL,
	"label_point" geometry(Point,4326) NOT NULL,
	"area_km2" double precision
);
--> statement-breakpoint
ALTER TABLE "districts" ADD COLUMN "area_km2" double precision;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "area_km2" double precision;--> statement-breakpoint
ALTER TABLE "cadastral_territories" ADD CONSTRAINT "cadastral_territories_municipality_code_municipalities_code_fk" FOREIGN KEY ("municipality_code") REFERENCES "public"."municipalities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cadastral_territories_geom_idx" ON "cadastral_territories" USING gist ("geom");--> statement-breakpoint
CREATE INDEX "cadastral_territories_muni_idx" ON "cadastral_territories" USING btree ("municipality_code");