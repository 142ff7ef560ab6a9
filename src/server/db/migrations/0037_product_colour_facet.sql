-- A product sold in one colour names it on its own row (products.color, what its card shows), not on a
-- variant, so the shop's Color facet missed it (4 colours listed for 12 paddles). Its colour becomes a value
-- of its type's Color axis and one of its facet values, as catalog-admin/product-terms.ts now keeps them.
INSERT INTO option_values (option_type_id, label, position)
SELECT DISTINCT ON (ot.id, lower(btrim(p.color))) ot.id, btrim(p.color),
  (SELECT coalesce(max(position), 0) + 1 FROM option_values last WHERE last.option_type_id = ot.id)
FROM products p
  JOIN product_type_options pto ON pto.product_type_id = p.product_type_id
  JOIN option_types ot ON ot.id = pto.option_type_id AND ot.key = 'color'
WHERE btrim(coalesce(p.color, '')) <> ''
  AND NOT EXISTS (SELECT 1 FROM option_values ov WHERE ov.option_type_id = ot.id AND lower(ov.label) = lower(btrim(p.color)))
ORDER BY ot.id, lower(btrim(p.color)), btrim(p.color)
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE products p SET facet_values = array(
  SELECT DISTINCT term FROM unnest(p.facet_values || array(
    SELECT 'o.' || ot.key || '=' || ov.label FROM product_type_options pto
      JOIN option_types ot ON ot.id = pto.option_type_id AND ot.key = 'color'
      JOIN option_values ov ON ov.option_type_id = ot.id AND lower(ov.label) = lower(btrim(p.color))
      WHERE pto.product_type_id = p.product_type_id
  )) term ORDER BY 1)
WHERE btrim(coalesce(p.color, '')) <> '';
