CREATE TABLE "media_uploads" (
	"public_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_uploads_created_at_idx" ON "media_uploads" USING btree ("created_at");