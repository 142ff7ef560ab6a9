-- A gift card's amounts are its variants (decision 066): the Gift Card type varies by Amount. Only a type
-- without products gets the axis, so a shop's own "gift-card" type with products keeps its variants as they are.
INSERT INTO "option_types" ("key", "name", "position") VALUES ('gift_card_amount', 'Amount', 9) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "product_type_options" ("product_type_id", "option_type_id", "position")
SELECT t."id", o."id", 1
FROM "product_types" t, "option_types" o
WHERE t."slug" = 'gift-card' AND o."key" = 'gift_card_amount'
  AND NOT EXISTS (SELECT 1 FROM "products" p WHERE p."product_type_id" = t."id")
  AND NOT EXISTS (SELECT 1 FROM "product_type_options" x WHERE x."product_type_id" = t."id")
ON CONFLICT DO NOTHING;
