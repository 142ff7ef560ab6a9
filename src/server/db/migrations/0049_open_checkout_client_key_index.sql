-- A payment's quota counts the open checkouts of its address and of its network (place-order.ts). The network's
-- were found by starts_with(client_ip, prefix), which no index answered: every payment read every open checkout
-- (20,000 open: 800 pages, issue 35). Keyed in byte order ("C"), a network's prefix is a range of this index.
DROP INDEX "orders_open_client_ip_idx";--> statement-breakpoint
CREATE INDEX "orders_open_client_key_idx" ON "orders" USING btree (("client_ip" collate "C")) WHERE "orders"."payment_status" = 'pending';
