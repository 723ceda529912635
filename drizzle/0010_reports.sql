CREATE TABLE "reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"contact_email" text,
	"page_path" text,
	"dataset_key" text,
	"point_lon" double precision,
	"point_lat" double precision,
	"provider_id" text,
	"client_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_provider_idx" ON "reports" USING btree ("provider_id","status");