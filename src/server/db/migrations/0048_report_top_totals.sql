CREATE TABLE "report_top_totals" (
	"by" text NOT NULL,
	"name" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_units" integer DEFAULT 0 NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_top_totals_by_name_pk" PRIMARY KEY("by","name")
);
--> statement-breakpoint
DROP TABLE "report_item_totals";
--> statement-breakpoint
INSERT INTO "report_top_totals" ("by", "name", "units", "gross_cents", "discount_cents", "refunded_units", "days")
SELECT 'product', "product_name", sum("units"), sum("gross_cents"), sum("discount_cents"), sum("refunded_units"), count(*) FROM "report_daily_items" GROUP BY 2
UNION ALL
SELECT 'variant', "product_name" || coalesce(' / ' || nullif("variant_name", ''), '') || coalesce(' (' || "sku" || ')', ''), sum("units"), sum("gross_cents"), sum("discount_cents"), sum("refunded_units"), count(*) FROM "report_daily_items" GROUP BY 2
UNION ALL
SELECT 'brand', coalesce("brand_name", 'No brand'), sum("units"), sum("gross_cents"), sum("discount_cents"), sum("refunded_units"), count(*) FROM "report_daily_items" GROUP BY 2
UNION ALL
SELECT 'type', coalesce("product_type_name", 'No type'), sum("units"), sum("gross_cents"), sum("discount_cents"), sum("refunded_units"), count(*) FROM "report_daily_items" GROUP BY 2;
