-- The admin's unpaid checkouts (decision 047) and their capped count walk this index alone (decision 076): the
-- count of a grown shop's unpaid checkouts read 4,000 pages of orders to find 10,001, now ~100 of the index.
-- Built in the migrator's transaction (CONCURRENTLY cannot run in one), so orders' writes wait for the build:
-- a few seconds on 1,000,000 orders (it reads the table once and sorts only the ~130,000 rows it holds).
CREATE INDEX "orders_unpaid_checkout_idx" ON "orders" USING btree ("is_archived","created_at","id","status","payment_status") WHERE payment_status in ('pending', 'failed', 'expired', 'cancelled', 'refunded');