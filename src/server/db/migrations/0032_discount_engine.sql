CREATE TABLE "coupon_customer_uses" (
	"coupon_id" integer NOT NULL,
	"customer_key" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coupon_customer_uses_coupon_id_customer_key_pk" PRIMARY KEY("coupon_id","customer_key"),
	CONSTRAINT "coupon_customer_uses_not_negative" CHECK ("coupon_customer_uses"."uses" >= 0)
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "kind" text DEFAULT 'code' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "min_subtotal" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "min_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "applies_to" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "quantity_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "buy_x_get_y" jsonb;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "per_customer_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "combines_with_codes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_reservations" ADD COLUMN "customer_key" text;--> statement-breakpoint
ALTER TABLE "coupon_customer_uses" ADD CONSTRAINT "coupon_customer_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;