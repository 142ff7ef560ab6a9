-- The checkout reminders' run (every minute) asks for a shopper's orders since a moment by address in any case
-- (send-reminders.ts): without this index each of its questions read every order of a grown shop. Built in the
-- migrator's transaction like 0050: orders' writes wait a few seconds for it on 1,000,000 orders.
CREATE INDEX "orders_customer_email_lower_created_idx" ON "orders" USING btree (lower("customer_email"),"created_at");