CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"from_payment_status" text NOT NULL,
	"to_payment_status" text NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_token" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_id_idx" ON "order_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_open_expires_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_open_client_ip_idx" ON "orders" USING btree ("client_ip") WHERE "orders"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_cart_token_idx" ON "orders" USING btree ("cart_token");--> statement-breakpoint
-- open orders of an existing shop keep the deadline their reservations already had
UPDATE "orders" SET "expires_at" = coalesce(
	(SELECT max("expires_at") FROM "stock_reservations" WHERE "stock_reservations"."order_id" = "orders"."id" AND "stock_reservations"."state" = 'held'),
	"orders"."created_at" + interval '30 minutes'
) WHERE "payment_status" = 'pending';--> statement-breakpoint
-- a declined order had already given its stock back: it is closed, as declined orders are from now on
UPDATE "orders" SET "status" = 'cancelled' WHERE "payment_status" = 'failed' AND "status" = 'pending';
