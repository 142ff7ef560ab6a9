CREATE TABLE "stock_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"reason" text NOT NULL,
	"change" integer NOT NULL,
	"level" integer NOT NULL,
	"order_id" integer,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_ledger_level_not_negative" CHECK ("stock_ledger"."level" >= 0)
);
--> statement-breakpoint
CREATE INDEX "stock_ledger_variant_idx" ON "stock_ledger" USING btree ("variant_id","id");--> statement-breakpoint
-- every variant's stock as it is becomes its opening entry, so a shop's ledger sums to its levels from the start
INSERT INTO "stock_ledger" ("variant_id", "reason", "change", "level") SELECT "id", 'opening', "stock", "stock" FROM "product_variants" WHERE "stock" <> 0;
