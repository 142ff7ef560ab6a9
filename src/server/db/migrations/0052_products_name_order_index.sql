-- The kept catalogue's read numbers the products by name (listing-snapshot-read.ts): in this index's order, where
-- a sort of every product spilled to disk at 50,000 products and ran on the database's other cores beside the
-- shop. Built in the migrator's transaction like 0050: products' writes wait a second or two for it on 50,000.
CREATE INDEX "products_name_order_idx" ON "products" USING btree ("name","id") WHERE not "products"."is_deleted";
