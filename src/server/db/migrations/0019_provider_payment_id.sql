-- The column holds the payment provider's id of an order's payment for every provider (the built-in
-- card simulator's too), not only Stripe's payment intent ids (issue 29): renamed, with its unique
-- constraint (and so its index), keeping every shop's ids. The API's field keeps its spec name.
ALTER TABLE "orders" RENAME COLUMN "stripe_payment_intent_id" TO "provider_payment_id";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "orders_stripe_payment_intent_id_unique" TO "orders_provider_payment_id_unique";
