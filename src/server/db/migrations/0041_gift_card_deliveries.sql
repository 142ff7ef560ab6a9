CREATE TABLE "gift_card_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"variant_id" integer,
	"amount_cents" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text,
	"sender_name" text NOT NULL,
	"deliver_on" date NOT NULL,
	"state" text DEFAULT 'awaiting_payment' NOT NULL,
	"gift_card_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "gift_card_deliveries_amount_positive" CHECK ("gift_card_deliveries"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "gift_card_deliveries" ADD CONSTRAINT "gift_card_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_deliveries" ADD CONSTRAINT "gift_card_deliveries_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_deliveries" ADD CONSTRAINT "gift_card_deliveries_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_deliveries_order_position_idx" ON "gift_card_deliveries" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_deliveries_card_idx" ON "gift_card_deliveries" USING btree ("gift_card_id");--> statement-breakpoint
CREATE INDEX "gift_card_deliveries_due_idx" ON "gift_card_deliveries" USING btree ("deliver_on") WHERE "gift_card_deliveries"."state" = 'scheduled';--> statement-breakpoint
-- the gift card kind (decision 066): a product of this type is a gift card; a shop that already has such a type keeps its own
INSERT INTO "product_types" ("slug", "name", "position") VALUES ('gift-card', 'Gift Card', 100) ON CONFLICT DO NOTHING;
