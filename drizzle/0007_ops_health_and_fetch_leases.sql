CREATE TABLE "data_fetches" (
	"key" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "source_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"dataset_id" text,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"bytes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "data_fetches_expires_idx" ON "data_fetches" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "source_requests_provider_at_idx" ON "source_requests" USING btree ("provider_id","at");--> statement-breakpoint
CREATE INDEX "source_requests_at_idx" ON "source_requests" USING btree ("at");