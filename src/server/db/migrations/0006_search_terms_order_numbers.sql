-- Words a shopper searches by that live in other tables (type name, option and spec labels) and the
-- shop's facet values, kept on the product by refreshProductTerms (catalog/product-terms.ts).
ALTER TABLE "products" ADD COLUMN "search_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "facet_values" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- products typed by migration 0005 have no options or spec values yet: their type's name is all there is
UPDATE "products" p SET "search_terms" = t."name" FROM "product_types" t WHERE t."id" = p."product_type_id";--> statement-breakpoint
ALTER TABLE "products" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS ((setweight(to_tsvector('english', regexp_replace(coalesce("products"."name", ''), '(\d)\s+mm\M', '\1mm', 'gi')), 'A') || setweight(to_tsvector('english', regexp_replace(coalesce("products"."sku", ''), '(\d)\s+mm\M', '\1mm', 'gi') || ' ' || regexp_replace(coalesce("products"."thickness", ''), '(\d)\s+mm\M', '\1mm', 'gi') || ' ' || regexp_replace(coalesce("products"."color", ''), '(\d)\s+mm\M', '\1mm', 'gi') || ' ' || regexp_replace(coalesce("products"."search_terms", ''), '(\d)\s+mm\M', '\1mm', 'gi')), 'C') || setweight(to_tsvector('english', regexp_replace(coalesce("products"."description", ''), '(\d)\s+mm\M', '\1mm', 'gi')), 'D'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_facet_values_idx" ON "products" USING gin ("facet_values");--> statement-breakpoint
-- Order numbers people see ("PB-7K3Q9D"). Every existing order draws one of its own; a clash (about 7 %
-- likely somewhere among 10,000 orders) draws again.
ALTER TABLE "orders" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_number_unique" UNIQUE("order_number");--> statement-breakpoint
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT "id" FROM "orders" WHERE "order_number" IS NULL ORDER BY "id" LOOP
    LOOP
      BEGIN
        UPDATE "orders" SET "order_number" = ('PB-' || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 30)::int, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 30)::int, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 30)::int, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 30)::int, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 30)::int, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 30)::int, 1)) WHERE "id" = r."id";
        EXIT;
      EXCEPTION WHEN unique_violation THEN
        NULL;
      END;
    END LOOP;
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET DEFAULT ('PB-' || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 30)::int, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 30)::int, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 30)::int, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 30)::int, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 30)::int, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 30)::int, 1));--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET NOT NULL;
