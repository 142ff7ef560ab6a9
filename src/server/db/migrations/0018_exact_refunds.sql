ALTER TABLE "order_items" ADD COLUMN "discount_allocated" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_allocated" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "shipping" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Exact refunds (issue 28): each order line keeps its share of its order's discount and tax, so a
-- refund of its units gives back what they cost. Orders placed before this get their shares here,
-- as src/common/refund-allocation.ts (allocateOrder) splits them, in integer cents: the discount by
-- the lines' goods (price x units), the tax by what each line cost after its discount, each by
-- largest remainder with ties to the earlier line (by id). Their tax was all on goods (the built-in
-- rates never taxed shipping), so their shipping_tax stays 0.
WITH "weighed" AS (
  SELECT oi."id", oi."order_id",
    greatest(round(oi."price" * 100), 0) * greatest(oi."quantity", 0) AS "w",
    round(o."discount_total" * 100) AS "discount"
  FROM "order_items" oi
  INNER JOIN "orders" o ON o."id" = oi."order_id"
), "totalled" AS (
  SELECT "id", "order_id", "w", sum("w") OVER (PARTITION BY "order_id") AS "total",
    greatest(least("discount", sum("w") OVER (PARTITION BY "order_id")), 0) AS "amount"
  FROM "weighed"
), "split" AS (
  SELECT "id", "order_id", "amount",
    CASE WHEN "total" > 0 THEN div("w" * "amount", "total") ELSE 0 END AS "whole",
    CASE WHEN "total" > 0 THEN mod("w" * "amount", "total") ELSE 0 END AS "rest"
  FROM "totalled"
), "ranked" AS (
  SELECT "id", "whole",
    "amount" - sum("whole") OVER (PARTITION BY "order_id") AS "left",
    row_number() OVER (PARTITION BY "order_id" ORDER BY "rest" DESC, "id") AS "rank"
  FROM "split"
)
UPDATE "order_items" AS oi SET "discount_allocated" = (r."whole" + CASE WHEN r."rank" <= r."left" THEN 1 ELSE 0 END) / 100.0
FROM "ranked" r
WHERE r."id" = oi."id";
--> statement-breakpoint
WITH "weighed" AS (
  SELECT oi."id", oi."order_id",
    greatest(round(oi."price" * 100), 0) * greatest(oi."quantity", 0) - round(oi."discount_allocated" * 100) AS "net",
    greatest(round(o."tax_total" * 100) - greatest(round(o."shipping_tax" * 100), 0), 0) AS "amount"
  FROM "order_items" oi
  INNER JOIN "orders" o ON o."id" = oi."order_id"
), "weights" AS (
  -- a line with nothing left to tax after its discount weighs 0; when every line does, each weighs 1
  SELECT "id", "order_id", "amount",
    CASE WHEN sum(greatest("net", 0)) OVER (PARTITION BY "order_id") > 0 THEN greatest("net", 0) ELSE 1 END AS "w"
  FROM "weighed"
), "split" AS (
  SELECT "id", "order_id", "amount",
    div("w" * "amount", sum("w") OVER (PARTITION BY "order_id")) AS "whole",
    mod("w" * "amount", sum("w") OVER (PARTITION BY "order_id")) AS "rest"
  FROM "weights"
), "ranked" AS (
  SELECT "id", "whole",
    "amount" - sum("whole") OVER (PARTITION BY "order_id") AS "left",
    row_number() OVER (PARTITION BY "order_id" ORDER BY "rest" DESC, "id") AS "rank"
  FROM "split"
)
UPDATE "order_items" AS oi SET "tax_allocated" = (r."whole" + CASE WHEN r."rank" <= r."left" THEN 1 ELSE 0 END) / 100.0
FROM "ranked" r
WHERE r."id" = oi."id";
