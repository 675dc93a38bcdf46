CREATE TABLE "site_content" (
	"id" uuid PRIMARY KEY NOT NULL,
	"faq" jsonb NOT NULL,
	"hours" jsonb NOT NULL,
	"phone" text,
	"whatsapp" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"map_url" text DEFAULT '' NOT NULL,
	"social" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
