ALTER TABLE "brands" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', regexp_replace(coalesce("brands"."name", ''), '(\d)\s+mm\M', '\1mm', 'gi')), 'B')) STORED NOT NULL;--> statement-breakpoint
-- The shop listing's counts read every candidate product's facet columns (catalog-listing.ts): a covering
-- index lets PostgreSQL read them without the wide rows (descriptions, search vectors). INCLUDE is not
-- expressible in the Drizzle schema, so the index lives here only; nothing in the schema drops it.
CREATE INDEX "products_listing_idx" ON "products" USING btree ("product_type_id","brand_id","price","stock","usapa_status") INCLUDE ("facet_values") WHERE NOT "is_deleted";
