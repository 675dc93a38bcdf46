ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
-- Every admin so far ran the whole back office: they are owners.
UPDATE "users" SET "staff_role" = 'owner' WHERE "role" = 1;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role" CHECK (("users"."role" = 1) = ("users"."staff_role" is not null));