CREATE TABLE "order_shipment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_shipment_lines_quantity_positive" CHECK ("order_shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"method" text DEFAULT 'carrier' NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"status" text DEFAULT 'shipped' NOT NULL,
	"shipped_by" text NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "shipped_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_shipment_lines" ADD CONSTRAINT "order_shipment_lines_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipment_lines" ADD CONSTRAINT "order_shipment_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_shipment_lines_shipment_id_idx" ON "order_shipment_lines" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "order_shipments_order_id_idx" ON "order_shipments" USING btree ("order_id","id");--> statement-breakpoint
-- orders shipped before shipments existed (decision 050) become one shipment of all their units, with the order's tracking
UPDATE "order_items" SET "shipped_quantity" = "order_items"."quantity" FROM "orders" WHERE "orders"."id" = "order_items"."order_id" AND "orders"."status" IN ('shipped', 'delivered');--> statement-breakpoint
INSERT INTO "order_shipments" ("order_id", "carrier", "tracking_number", "tracking_url", "status", "shipped_by", "shipped_at", "delivered_at")
SELECT "id", "carrier", "tracking_number", "tracking_url", CASE WHEN "status" = 'delivered' THEN 'delivered' ELSE 'shipped' END, 'system', coalesce("tracking_added_at", "updated_at"), "delivered_at"
FROM "orders" WHERE "status" IN ('shipped', 'delivered') ORDER BY "id";--> statement-breakpoint
INSERT INTO "order_shipment_lines" ("shipment_id", "order_item_id", "quantity")
SELECT "order_shipments"."id", "order_items"."id", "order_items"."quantity" FROM "order_shipments" JOIN "order_items" ON "order_items"."order_id" = "order_shipments"."order_id" WHERE "order_items"."quantity" > 0;
