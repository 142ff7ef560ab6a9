CREATE TABLE "report_daily_coupons" (
	"day" date NOT NULL,
	"coupon_code" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_coupons_day_coupon_code_pk" PRIMARY KEY("day","coupon_code")
);
--> statement-breakpoint
CREATE TABLE "report_daily_items" (
	"day" date NOT NULL,
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
	"refunded_units" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_daily_sales" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"refund_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"new_customer_orders" integer DEFAULT 0 NOT NULL,
	"returning_customer_orders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_daily_tax" (
	"day" date NOT NULL,
	"state" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"taxable_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"tax_refunded_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_tax_day_state_pk" PRIMARY KEY("day","state")
);
--> statement-breakpoint
CREATE TABLE "report_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"customer_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_rollup_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"changed_since" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "report_rollup_state_one_row" CHECK ("report_rollup_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "cost_price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "report_orders" ADD CONSTRAINT "report_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_daily_items_day_idx" ON "report_daily_items" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_orders_day_idx" ON "report_orders" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_orders_customer_idx" ON "report_orders" USING btree ("customer_key","paid_at");--> statement-breakpoint
CREATE INDEX "orders_updated_at_idx" ON "orders" USING btree ("updated_at");