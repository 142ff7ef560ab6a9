ALTER TABLE "refunds" ADD COLUMN "gift_card_parts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "gift_card_id" integer;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE set null ON UPDATE no action;