CREATE TABLE "slug_redirects" (
	"kind" text NOT NULL,
	"old_slug" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slug_redirects_kind_old_slug_pk" PRIMARY KEY("kind","old_slug")
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug" text;--> statement-breakpoint
CREATE INDEX "slug_redirects_target_idx" ON "slug_redirects" USING btree ("kind","target_id");--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_slug_unique" UNIQUE("slug");--> statement-breakpoint
-- Every existing product and brand gets its address from its name, as src/common/slug.ts makes them:
-- ascii lowercase and hyphens, at least one letter, -2, -3 ... when taken (decision 024).
DO $$
DECLARE item record; base text; candidate text; n integer;
BEGIN
  FOR item IN SELECT 'product' AS kind, id, name FROM products UNION ALL SELECT 'brand', id, name FROM brands ORDER BY 1 DESC, 2 LOOP
    base := lower(translate(item.name,
      'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ',
      'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy'));
    base := regexp_replace(base, '[''’]', '', 'g');
    base := replace(base, '&', ' and ');
    base := regexp_replace(base, '[^a-z0-9]+', '-', 'g');
    base := regexp_replace(base, '^-+|-+$', '', 'g');
    IF length(base) > 90 THEN base := regexp_replace(left(base, 90), '-[^-]*$', ''); END IF;
    IF base = '' THEN base := item.kind; ELSIF base !~ '[a-z]' THEN base := item.kind || '-' || base; END IF;
    candidate := base; n := 1;
    LOOP
      EXIT WHEN item.kind = 'product' AND NOT EXISTS (SELECT 1 FROM products WHERE slug = candidate);
      EXIT WHEN item.kind = 'brand' AND NOT EXISTS (SELECT 1 FROM brands WHERE slug = candidate);
      n := n + 1; candidate := base || '-' || n;
    END LOOP;
    IF item.kind = 'product' THEN UPDATE products SET slug = candidate WHERE id = item.id;
    ELSE UPDATE brands SET slug = candidate WHERE id = item.id; END IF;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "brands" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "slug" SET NOT NULL;
