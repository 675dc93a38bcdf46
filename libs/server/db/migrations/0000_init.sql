CREATE TYPE "public"."body_type" AS ENUM('SUV', 'Sedan', 'Hatchback', 'Station Wagon', 'Pickup', 'Van', 'Coupe');--> statement-breakpoint
CREATE TYPE "public"."car_condition" AS ENUM('New', 'Foreign Used', 'Locally Used');--> statement-breakpoint
CREATE TYPE "public"."drive" AS ENUM('2 WD', '4 WD');--> statement-breakpoint
CREATE TYPE "public"."fuel_type" AS ENUM('Petrol', 'Diesel');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('Not Process', 'Processing', 'Shipped', 'deliverd', 'cancel');--> statement-breakpoint
CREATE TYPE "public"."transmission" AS ENUM('Automatic', 'Manual');--> statement-breakpoint
CREATE TABLE "app_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"url" text NOT NULL,
	"public_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"url" text NOT NULL,
	"public_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text NOT NULL,
	"price" integer NOT NULL,
	"brand_id" uuid,
	"fuel_type" "fuel_type" NOT NULL,
	"transmission" "transmission" NOT NULL,
	"engine_size" integer NOT NULL,
	"mileage" integer NOT NULL,
	"safety_rating" integer,
	"yom" integer NOT NULL,
	"seater" integer,
	"drive" "drive" NOT NULL,
	"horsepower" integer,
	"torque" integer,
	"accelaration" real,
	"ground_clearance" integer,
	"fuel_tank" integer,
	"warranty" text,
	"condition" "car_condition" DEFAULT 'New' NOT NULL,
	"body_type" "body_type" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"car_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image_url" text,
	"price" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid,
	"status" "order_status" DEFAULT 'Not Process' NOT NULL,
	"amount" integer NOT NULL,
	"payment_success" boolean DEFAULT false NOT NULL,
	"payment" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"role" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_images" ADD CONSTRAINT "brand_images_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_images" ADD CONSTRAINT "car_images_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_images_brand_idx" ON "brand_images" USING btree ("brand_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_slug_key" ON "brands" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_lower_key" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "brands_created_at_idx" ON "brands" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "car_images_car_idx" ON "car_images" USING btree ("car_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "cars_slug_key" ON "cars" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "cars_brand_created_idx" ON "cars" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "cars_price_idx" ON "cars" USING btree ("price");--> statement-breakpoint
CREATE INDEX "cars_created_at_idx" ON "cars" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cars_yom_idx" ON "cars" USING btree ("yom");--> statement-breakpoint
CREATE INDEX "cars_mileage_idx" ON "cars" USING btree ("mileage");--> statement-breakpoint
CREATE INDEX "cars_body_type_idx" ON "cars" USING btree ("body_type");--> statement-breakpoint
CREATE INDEX "cars_name_lower_idx" ON "cars" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_car_idx" ON "order_lines" USING btree ("car_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));