CREATE TABLE "shipping_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'delivery' NOT NULL,
	"min_business_days" integer NOT NULL,
	"max_business_days" integer NOT NULL,
	"cutoff_time" text,
	"rate" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_methods_days" CHECK ("shipping_methods"."min_business_days" >= 0 and "shipping_methods"."max_business_days" >= "shipping_methods"."min_business_days")
);
--> statement-breakpoint
CREATE TABLE "shipping_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text DEFAULT 'America/Chicago' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"us_states" text[] DEFAULT '{}'::text[] NOT NULL,
	"ca_provinces" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "length_mm" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "width_mm" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "height_mm" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_kind" text DEFAULT 'delivery' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_arrives_from" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_arrives_by" date;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_methods_zone_idx" ON "shipping_methods" USING btree ("zone_id");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_measures_not_negative" CHECK (coalesce("product_variants"."weight_grams", 0) >= 0 and coalesce("product_variants"."length_mm", 0) >= 0 and coalesce("product_variants"."width_mm", 0) >= 0 and coalesce("product_variants"."height_mm", 0) >= 0);