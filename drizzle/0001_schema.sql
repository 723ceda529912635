CREATE TABLE "addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"municipality_code" text NOT NULL,
	"street_id" text,
	"street_name" text,
	"part_name" text,
	"registration_number" text,
	"building_number" text,
	"postal_code" text,
	"point" geometry(Point,4326)
);
--> statement-breakpoint
CREATE TABLE "districts" (
	"code" text PRIMARY KEY NOT NULL,
	"code3" text NOT NULL,
	"name" text NOT NULL,
	"region_code" text NOT NULL,
	"geom" geometry(MultiPolygon,4326) NOT NULL,
	"label_point" geometry(Point,4326) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipalities" (
	"code" text PRIMARY KEY NOT NULL,
	"code6" text NOT NULL,
	"kind" text DEFAULT 'municipality' NOT NULL,
	"name" text NOT NULL,
	"name_official" text NOT NULL,
	"name_norm" text NOT NULL,
	"status" text NOT NULL,
	"city" text,
	"district_code" text,
	"region_code" text NOT NULL,
	"population" integer,
	"over_ten_thousand" boolean DEFAULT false NOT NULL,
	"slug" text NOT NULL,
	"region_slug" text NOT NULL,
	"geom" geometry(MultiPolygon,4326),
	"label_point" geometry(Point,4326) NOT NULL,
	"area_km2" double precision,
	"postal_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "municipalities_code6_unique" UNIQUE("code6")
);
--> statement-breakpoint
CREATE TABLE "municipality_parts" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"municipality_code" text NOT NULL,
	"point" geometry(Point,4326),
	"postal_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_imports" (
	"name" text PRIMARY KEY NOT NULL,
	"digest" text NOT NULL,
	"counts" text NOT NULL,
	"imported_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"geom" geometry(MultiPolygon,4326) NOT NULL,
	"label_point" geometry(Point,4326) NOT NULL,
	CONSTRAINT "regions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "streets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"municipality_code" text NOT NULL,
	"part_name" text,
	"point" geometry(Point,4326),
	"postal_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"address_points" integer DEFAULT 0 NOT NULL,
	"current" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "place_names" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"name_norm" text NOT NULL,
	"municipality_code" text,
	"point" geometry(Point,4326) NOT NULL,
	"weight" real DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_datasets" (
	"provider_id" text NOT NULL,
	"dataset_id" text NOT NULL,
	"title" text NOT NULL,
	"category" text,
	"source_type" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"use_cases" text[] DEFAULT '{}'::text[] NOT NULL,
	"coverage" geometry(Polygon,4326),
	"definition" jsonb NOT NULL,
	CONSTRAINT "provider_datasets_provider_id_dataset_id_pk" PRIMARY KEY("provider_id","dataset_id")
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"action" text NOT NULL,
	"from_approval" text,
	"to_approval" text,
	"fingerprint" text,
	"actor" text NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"managed_by" text DEFAULT 'provider' NOT NULL,
	"manifest_url" text,
	"manifest" jsonb NOT NULL,
	"fingerprint" text NOT NULL,
	"approval" text NOT NULL,
	"approved_fingerprint" text,
	"approved_manifest" jsonb,
	"status" text DEFAULT 'ok' NOT NULL,
	"status_message" text,
	"rejected_reason" text,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	CONSTRAINT "providers_manifest_url_unique" UNIQUE("manifest_url")
);
--> statement-breakpoint
CREATE TABLE "registration_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"dataset_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"body" "bytea" NOT NULL,
	"body_size" integer NOT NULL,
	"etag" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"stale_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_municipality_code_municipalities_code_fk" FOREIGN KEY ("municipality_code") REFERENCES "public"."municipalities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipalities" ADD CONSTRAINT "municipalities_district_code_districts_code_fk" FOREIGN KEY ("district_code") REFERENCES "public"."districts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipalities" ADD CONSTRAINT "municipalities_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipality_parts" ADD CONSTRAINT "municipality_parts_municipality_code_municipalities_code_fk" FOREIGN KEY ("municipality_code") REFERENCES "public"."municipalities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streets" ADD CONSTRAINT "streets_municipality_code_municipalities_code_fk" FOREIGN KEY ("municipality_code") REFERENCES "public"."municipalities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_datasets" ADD CONSTRAINT "provider_datasets_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_street_idx" ON "addresses" USING btree ("street_id");--> statement-breakpoint
CREATE INDEX "addresses_muni_idx" ON "addresses" USING btree ("municipality_code");--> statement-breakpoint
CREATE INDEX "districts_geom_idx" ON "districts" USING gist ("geom");--> statement-breakpoint
CREATE UNIQUE INDEX "municipalities_region_slug_idx" ON "municipalities" USING btree ("region_slug","slug");--> statement-breakpoint
CREATE INDEX "municipalities_name_norm_idx" ON "municipalities" USING btree ("name_norm");--> statement-breakpoint
CREATE INDEX "municipalities_geom_idx" ON "municipalities" USING gist ("geom");--> statement-breakpoint
CREATE INDEX "municipalities_district_idx" ON "municipalities" USING btree ("district_code");--> statement-breakpoint
CREATE INDEX "municipality_parts_muni_idx" ON "municipality_parts" USING btree ("municipality_code");--> statement-breakpoint
CREATE INDEX "regions_geom_idx" ON "regions" USING gist ("geom");--> statement-breakpoint
CREATE INDEX "streets_muni_idx" ON "streets" USING btree ("municipality_code");--> statement-breakpoint
CREATE INDEX "place_names_trgm_idx" ON "place_names" USING gin ("name_norm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "place_names_prefix_idx" ON "place_names" USING btree ("name_norm" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "place_names_muni_idx" ON "place_names" USING btree ("municipality_code");--> statement-breakpoint
CREATE INDEX "provider_events_provider_idx" ON "provider_events" USING btree ("provider_id","at");--> statement-breakpoint
CREATE INDEX "providers_approval_idx" ON "providers" USING btree ("approval");--> statement-breakpoint
CREATE INDEX "registration_attempts_client_idx" ON "registration_attempts" USING btree ("client_address","at");--> statement-breakpoint
CREATE INDEX "data_cache_dataset_idx" ON "data_cache" USING btree ("dataset_key");--> statement-breakpoint
CREATE INDEX "data_cache_stale_until_idx" ON "data_cache" USING btree ("stale_until");