CREATE TABLE "shipping_boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"length_mm" integer NOT NULL,
	"width_mm" integer NOT NULL,
	"height_mm" integer NOT NULL,
	"weight_grams" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_boxes_size" CHECK ("shipping_boxes"."length_mm" > 0 and "shipping_boxes"."width_mm" > 0 and "shipping_boxes"."height_mm" > 0 and "shipping_boxes"."weight_grams" >= 0)
);
--> statement-breakpoint
ALTER TABLE "saved_addresses" DROP CONSTRAINT "saved_addresses_country_us";--> statement-breakpoint
ALTER TABLE "saved_addresses" ADD CONSTRAINT "saved_addresses_country" CHECK ("saved_addresses"."country" in ('US', 'CA'));