CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_total" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_id_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_order_id_idx" ON "email_outbox" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_disputed_idx" ON "orders" USING btree ("created_at") WHERE "orders"."dispute_status" is not null;--> statement-breakpoint
-- orders refunded before refunds were recorded: all of it went back
UPDATE "orders" SET "refunded_total" = "total" WHERE "payment_status" = 'refunded';--> statement-breakpoint
UPDATE "order_items" SET "refunded_quantity" = "quantity" WHERE "order_id" IN (SELECT "id" FROM "orders" WHERE "payment_status" = 'refunded');--> statement-breakpoint
-- past order e-mails join their order's timeline (their subjects name its public number, PB- and six letters or digits)
UPDATE "email_outbox" e SET "order_id" = o."id" FROM "orders" o
  WHERE e."order_id" IS NULL
    AND e."kind" IN ('order-confirmation', 'order-fulfilment', 'order-shipped', 'order-cancelled', 'order-cancelled-notice')
    AND o."order_number" = substring(e."subject" from '#(PB-[0-9A-Z]{6})');
