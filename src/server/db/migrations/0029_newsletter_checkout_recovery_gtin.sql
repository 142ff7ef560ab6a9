CREATE TABLE "checkout_recoveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"reminders_sent" integer DEFAULT 1 NOT NULL,
	"first_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"second_sent_at" timestamp with time zone,
	"recovered_order_id" integer,
	"recovered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "checkout_recovery_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"first_delay_minutes" integer DEFAULT 60 NOT NULL,
	"second_enabled" boolean DEFAULT false NOT NULL,
	"second_delay_minutes" integer DEFAULT 1440 NOT NULL,
	"require_consent" boolean DEFAULT true NOT NULL,
	"subject" text DEFAULT 'You left something in your cart' NOT NULL,
	"message" text DEFAULT 'Your cart is waiting for you. Pick up where you left off: the link below puts everything back in it.' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"source" text NOT NULL,
	"user_id" integer,
	"confirm_nonce" text,
	"consent_text" text NOT NULL,
	"signed_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "mpn" text;--> statement-breakpoint
ALTER TABLE "checkout_recoveries" ADD CONSTRAINT "checkout_recoveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_recoveries" ADD CONSTRAINT "checkout_recoveries_recovered_order_id_orders_id_fk" FOREIGN KEY ("recovered_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_recoveries_order_idx" ON "checkout_recoveries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "checkout_recoveries_email_idx" ON "checkout_recoveries" USING btree ("email","status");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_idx" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_status_idx" ON "newsletter_subscribers" USING btree ("status","signed_up_at");