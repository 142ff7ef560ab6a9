ALTER TABLE "order_shipments" ADD COLUMN "carrier_shipment_id" text;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "carrier_service" text;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "label_url" text;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "label_cost_cents" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "order_shipments_carrier_shipment_id_key" ON "order_shipments" USING btree ("carrier_shipment_id");