ALTER TABLE "register_objects" ADD COLUMN "parent_id" text;--> statement-breakpoint
ALTER TABLE "register_objects" ADD COLUMN "part_id" text;