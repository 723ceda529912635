CREATE TABLE "register_objects" (
	"kind" text NOT NULL,
	"object_id" text NOT NULL,
	"code" text,
	"name" text,
	"municipality_code" text,
	"part_name" text,
	"current" boolean DEFAULT true NOT NULL,
	CONSTRAINT "register_objects_kind_object_id_pk" PRIMARY KEY("kind","object_id")
);
--> statement-breakpoint
ALTER TABLE "addresses" ALTER COLUMN "municipality_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "street_norm" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "building_id" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "number_norm" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "source" text DEFAULT 'ra-xml' NOT NULL;--> statement-breakpoint
ALTER TABLE "municipalities" ADD COLUMN "population_0_14" integer;--> statement-breakpoint
ALTER TABLE "municipalities" ADD COLUMN "population_65_plus" integer;--> statement-breakpoint
ALTER TABLE "streets" ADD COLUMN "name_norm" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "addresses_street_number_idx" ON "addresses" USING btree ("street_norm","number_norm");--> statement-breakpoint
CREATE INDEX "addresses_muni_regnum_idx" ON "addresses" USING btree ("municipality_code","registration_number");--> statement-breakpoint
CREATE INDEX "addresses_building_idx" ON "addresses" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "streets_name_norm_idx" ON "streets" USING btree ("name_norm");