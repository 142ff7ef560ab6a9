-- The admin's order search (ILIKE on name and e-mail, orders/order-admin-service.ts) reads its matches by the
-- trigram indexes or walks the orders newest first, by the planner's estimate of how many match. With the
-- default sample of 100 values per column that estimate of a rare name was 10,000 of 1,000,000 orders (true:
-- 1,376) and the walk read 32,000 orders' names and e-mails for a page of 50, 211 ms (decision 087). A sample
-- ten times larger estimates it at 1,040 and the indexes answer in 70 ms. A full ANALYZE of orders then reads
-- more rows (12 s instead of 1 s at 1,000,000 orders, in autovacuum's background); the two columns are sampled
-- here at once (2.8 s at that size) so an existing shop's estimates need not wait for autovacuum.
-- A new shop's empty table is left alone (decision 092): analysed, it is known to be empty, and the plans a
-- connection keeps (the checks of the foreign keys to orders, the payment's statement) read every order as a
-- first rush adds them, until autovacuum analyses it again. Never analysed, it is planned as ten pages at least.
ALTER TABLE "orders" ALTER COLUMN "customer_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "customer_email" SET STATISTICS 1000;--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "orders") THEN
    ANALYZE "orders" ("customer_name", "customer_email");
  END IF;
END $$;
