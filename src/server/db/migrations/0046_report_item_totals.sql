CREATE TABLE "report_item_totals" (
	"product_id" integer,
	"variant_id" integer,
	"product_name" text NOT NULL,
	"variant_name" text,
	"sku" text,
	"brand_name" text,
	"product_type_name" text,
	"units" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_units" integer DEFAULT 0 NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_item_totals_key" UNIQUE NULLS NOT DISTINCT("product_id","variant_id","product_name","variant_name","sku","brand_name","product_type_name")
);
--> statement-breakpoint
INSERT INTO "report_item_totals" ("product_id", "variant_id", "product_name", "variant_name", "sku", "brand_name", "product_type_name", "units", "gross_cents", "discount_cents", "refunded_units", "days")
SELECT "product_id", "variant_id", "product_name", "variant_name", "sku", "brand_name", "product_type_name", sum("units"), sum("gross_cents"), sum("discount_cents"), sum("refunded_units"), count(*)
FROM "report_daily_items"
GROUP BY "product_id", "variant_id", "product_name", "variant_name", "sku", "brand_name", "product_type_name";
