-- The shop page's listing keeps the catalogue in the process and reads afresh only which products are sold
-- out (decision 073): a few thousand ids by this index instead of a scan of every product per listing.
CREATE INDEX "products_sold_out_idx" ON "products" USING btree ("id") WHERE NOT "is_deleted" AND "stock" <= 0;
