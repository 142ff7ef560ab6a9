import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { centsToDecimal, toCents } from '#common/money.ts';
import { allocateOrder } from '#common/refund-allocation.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { coupons, type orders } from '#server/db/schema.ts';
import { conflict } from '#server/errors/domain-errors.ts';
import { couponError, couponProblem } from '#server/modules/coupons/coupon-service.ts';
import { CUSTOMER_LIMIT_MESSAGE, customerKeyOf, prepareCustomerUse } from '#server/modules/coupons/discount-service.ts';
import { newOrderNumber } from '#server/modules/orders/order-service.ts';
import { shortOfStockMessage } from '#server/modules/stock/stock-service.ts';
import { openOrderProblem, type CheckoutClient, type OpenOrderQuota } from './checkout-quotas.ts';
import { quotaKeysOf } from './client-network.ts';
import type { PricedLine } from './price-lines.ts';

type NewOrder = Omit<typeof orders.$inferInsert, 'orderNumber' | 'expiresAt' | 'clientIp' | 'userId'>;

export interface PlaceOrderInput {
  order: NewOrder;
  // what a line weighs priced its shipping already; its type and brand chose its discounts already.
  // discountCents: its share of the discounts (decision 058); absent on every line: the order's discount split by goods
  lines: readonly (Omit<PricedLine, 'weightGrams' | 'productTypeId' | 'brandId' | 'giftCard'> & { discountCents?: number; giftCard?: boolean })[];
  couponId: number | null;
  expiresAt: Date;
  client: CheckoutClient;
  /** checked in the same statement; null: no quota */
  quota: OpenOrderQuota | null;
}

// 30^6 numbers: two orders drawing the same one is rare, but over many orders not rare enough to ignore
const MAX_NUMBER_DRAWS = 8;

interface Row {
  variant_id: number;
  stock: number | null;
  price: string | null;
  is_deleted: boolean | null;
  product_stock: number | null;
  order_id: number | null;
  order_number: string | null;
  open_orders: number;
  open_units: number;
  open_network_units: number;
  coupon_ok: boolean;
  customer_ok: boolean;
}

const param = (name: keyof ReturnType<typeof placeOrderValues>) => sql.placeholder(name);

/**
 * The order, its lines, its stock (with its stock ledger entries) and coupon reservations in ONE statement (decision 002), so the
 * product rows everybody's checkout of a product queues on are locked only while the database runs
 * it, never across a round trip to this process. Products are locked first, in id order, then their
 * variants and the coupon: the one lock order of every stock writer (stock-service lockProducts).
 * The locking reads answer the latest committed stock and price (not the statement's snapshot);
 * every write depends on the order row, which is written only when every line can be taken at the
 * price quoted, the coupon can still be used and the quota allows it. So either all of it happens,
 * or nothing and the answer says why.
 *
 * One text for every order (the lines as arrays, no coupon or quota as nulls and zeros), prepared once
 * per connection: sent as new SQL with every payment, it was planned again each time, half a
 * millisecond of the database's CPU.
 *
 * The new stock of a variant and of its product is the locked row's stock minus the units, not the
 * updated row's own column: under READ COMMITTED, PostgreSQL computes an UPDATE's new row from the
 * statement's snapshot and checks the row's CHECK constraints before it finds that a give-back
 * committed since changed the row (only then does it recompute from the latest version). A decline
 * that brought stock from 0 to 2 while this statement waited for the product lock made "0 - 2" fail
 * stock_not_negative (a 500) although the locked rows held 2. The locked values are the latest and
 * nobody can change them before this commits, so both computations agree.
 *
 * Its commit does not wait for the disk (synchronous_commit off for this transaction only), so the
 * product rows are free for the next shopper a flush sooner. Safe because createCheckout answers only
 * after a later synchronous commit (the payment's id), whose flush covers this one (decision 032).
 */
const placeOrderStatement = sql`
  with line (variant_id, product_id, quantity, price, product_name, sku, variant_name, discount, tax) as (
    select * from unnest(${param('variantIds')}::int[], ${param('productIds')}::int[], ${param('quantities')}::int[],
      ${param('prices')}::numeric[], ${param('names')}::text[], ${param('skus')}::text[], ${param('variantNames')}::text[],
      ${param('discounts')}::numeric[], ${param('taxes')}::numeric[])
  ), locked_product as (
    select id, is_deleted, stock from products where id = any(${param('productIds')}::int[]) order by id for no key update
  ), locked_variant as (
    -- the count runs (locking every product) before the first variant is read
    select id, product_id, stock, price from product_variants
    where id = any(${param('variantIds')}::int[]) and (select count(*) from locked_product) >= 0
    order by id for no key update
  ), locked_coupon as (
    select id, is_active, usage_limit, times_used, valid_from, valid_to, per_customer_limit from coupons
    where id = ${param('couponId')}::int and (select count(*) from locked_variant) >= 0
    for no key update
  ), locked_customer_use as (
    -- the customer's uses of a code with a per-customer limit (made before this statement), after the coupon
    select uses from coupon_customer_uses
    where coupon_id = ${param('couponId')}::int and customer_key = ${param('customerKey')}::text and (select count(*) from locked_coupon) >= 0
    for no key update
  ), open_order as materialized (
    -- the client's own open checkouts (its address key or account) and its network's: client-network.ts
    select o.id, o.client_ip = ${param('clientIp')}::text or o.user_id = ${param('userId')}::int as own,
      starts_with(o.client_ip, ${param('networkPrefix')}::text) as in_network
    from orders o
    where (${param('quotaOrders')}::int > 0 or ${param('quotaUnits')}::int > 0 or ${param('quotaNetworkUnits')}::int > 0)
      and o.payment_status = 'pending' and o.expires_at > ${param('now')}::timestamptz
      -- by orders_open_client_key_idx (migration 0049): the network's prefix as a range of the keys in byte order
      and ((o.client_ip collate "C") = ${param('clientIp')}::text or o.user_id = ${param('userId')}::int
        or ((o.client_ip collate "C") >= ${param('networkFrom')}::text and (o.client_ip collate "C") < ${param('networkTo')}::text))
  ), open_checkout as (
    -- the units of each set of orders read once, by their ids, never order by order: a plan kept from when the
    -- tables were nearly empty (a new shop's, or one whose statistics predate a rush) paired every open order
    -- with every held unit, and a rush of a few hundred orders took each payment 100 ms and more
    select (select count(*) from open_order where own)::int as orders,
      (select coalesce(sum(quantity), 0) from stock_reservations
        where ${param('quotaUnits')}::int > 0 and order_id = any(array(select id from open_order where own)) and state = 'held')::int as units,
      (select coalesce(sum(quantity), 0) from stock_reservations
        where ${param('quotaNetworkUnits')}::int > 0 and order_id = any(array(select id from open_order where in_network)) and state = 'held')::int as network_units
  ), coupon_usable as (
    select ${param('couponId')}::int is null or (select count(*) from locked_coupon
      where is_active and (usage_limit = 0 or times_used < usage_limit)
        and (valid_from is null or valid_from <= ${param('now')}::timestamptz) and (valid_to is null or valid_to >= ${param('now')}::timestamptz)) = 1 as ok,
    ${param('couponId')}::int is null or not exists (select 1 from locked_coupon c
      where c.per_customer_limit > 0 and coalesce((select uses from locked_customer_use), 0) >= c.per_customer_limit) as customer_ok
  ), product_need as (
    select product_id, sum(quantity)::int as quantity from line group by product_id
  ), verdict as (
    select coalesce(bool_and(coalesce(v.id is not null and not p.is_deleted and v.stock >= l.quantity and v.price = l.price, false)), false)
      -- the product's total too: the row it writes must pass products_stock_not_negative
      and not exists (select 1 from product_need n join locked_product p on p.id = n.product_id where p.stock < n.quantity)
      and (select ok from coupon_usable) and (select customer_ok from coupon_usable)
      and (${param('quotaOrders')}::int = 0 or (select orders from open_checkout) < ${param('quotaOrders')}::int)
      and (${param('quotaUnits')}::int = 0 or (select units from open_checkout) + ${param('units')}::int <= ${param('quotaUnits')}::int)
      and (${param('quotaNetworkUnits')}::int = 0 or (select network_units from open_checkout) + ${param('units')}::int <= ${param('quotaNetworkUnits')}::int) as ok
    from line l
    left join locked_variant v on v.id = l.variant_id and v.product_id = l.product_id
    left join locked_product p on p.id = l.product_id
  ), new_order as (
    insert into orders (order_number, user_id, customer_name, customer_email, phone, street, city, state, zip_code, country,
      subtotal, discount_total, shipping_total, tax_total, shipping_tax, total, coupon_code, payment_provider, expires_at, client_ip, cart_token,
      shipping_method_id, shipping_method_name, shipping_method_kind, shipping_arrives_from, shipping_arrives_by)
    select ${param('orderNumber')}, ${param('userId')}::int, ${param('customerName')}, ${param('customerEmail')}, ${param('phone')},
      ${param('street')}, ${param('city')}, ${param('state')}, ${param('zipCode')}, ${param('country')},
      ${param('subtotal')}::numeric, ${param('discountTotal')}::numeric, ${param('shippingTotal')}::numeric,
      ${param('taxTotal')}::numeric, ${param('shippingTax')}::numeric, ${param('total')}::numeric, ${param('couponCode')}, ${param('paymentProvider')},
      ${param('expiresAt')}::timestamptz, ${param('clientIp')}, ${param('cartToken')},
      ${param('shippingMethodId')}::int, ${param('shippingMethodName')}, ${param('shippingMethodKind')}, ${param('shippingArrivesFrom')}::date,
      ${param('shippingArrivesBy')}::date
    where (select ok from verdict) and set_config('synchronous_commit', 'off', true) = 'off'
    on conflict (order_number) do nothing
    returning id, order_number
  ), taken as (
    -- from the locked stock, not v.stock: see "The new stock" above
    update product_variants v set stock = lv.stock - l.quantity, updated_at = now()
    from line l join locked_variant lv on lv.id = l.variant_id, new_order
    where v.id = l.variant_id
    returning v.id, v.stock, l.quantity, new_order.id as order_id
  ), sold as (
    -- the stock ledger's entry for each variant taken, in this statement (decision 046)
    insert into stock_ledger (variant_id, reason, change, level, order_id)
    select id, 'sale', -quantity, stock, order_id from taken
    returning id
  ), product_total as (
    update products p set stock = lp.stock - n.quantity, updated_at = now()
    from product_need n join locked_product lp on lp.id = n.product_id, new_order
    where p.id = n.product_id
    returning p.id
  ), held_stock as (
    insert into stock_reservations (order_id, product_id, variant_id, quantity, expires_at)
    select o.id, l.product_id, l.variant_id, l.quantity, ${param('expiresAt')}::timestamptz from new_order o, line l
    returning id
  ), item as (
    insert into order_items (order_id, product_id, product_name, variant_id, sku, variant_name, quantity, price, discount_allocated, tax_allocated)
    select o.id, l.product_id, l.product_name, l.variant_id, l.sku, l.variant_name, l.quantity, l.price, l.discount, l.tax from new_order o, line l
    returning id
  ), coupon_use as (
    update coupons c set times_used = c.times_used + 1
    from new_order
    where c.id = ${param('couponId')}::int
    returning c.id
  ), customer_use as (
    -- from the locked count, as the stock: see "The new stock" above
    update coupon_customer_uses cu set uses = lcu.uses + 1
    from locked_customer_use lcu, locked_coupon lc, new_order
    where cu.coupon_id = ${param('couponId')}::int and cu.customer_key = ${param('customerKey')}::text and lc.per_customer_limit > 0
    returning cu.customer_key
  ), held_coupon as (
    insert into coupon_reservations (order_id, coupon_id, customer_key, expires_at)
    select o.id, u.id, (select customer_key from customer_use), ${param('expiresAt')}::timestamptz from new_order o, coupon_use u
    returning id
  )
  select l.variant_id, v.stock, v.price::text as price, p.is_deleted, p.stock as product_stock,
    (select id from new_order) as order_id, (select order_number from new_order) as order_number,
    (select orders from open_checkout) as open_orders, (select units from open_checkout) as open_units,
    (select network_units from open_checkout) as open_network_units,
    (select ok from coupon_usable) as coupon_ok, (select customer_ok from coupon_usable) as customer_ok
  from line l
  left join locked_variant v on v.id = l.variant_id and v.product_id = l.product_id
  left join locked_product p on p.id = l.product_id
`;
const placeOrderQuery = new PgDialect().sqlToQuery(placeOrderStatement);

/** Each line's share of the order's discount and tax, stored with it: what a refund of its units gives back. */
function lineShares({ order, lines }: PlaceOrderInput) {
  const cents = (value: string | undefined) => (Number.isNaN(toCents(value)) ? 0 : toCents(value));
  const lineDiscountCents = lines.every((line) => line.discountCents !== undefined) ? lines.map((line) => line.discountCents!) : undefined;
  return allocateOrder({
    lines,
    lineDiscountCents,
    discountCents: cents(order.discountTotal),
    taxCents: cents(order.taxTotal),
    shippingTaxCents: cents(order.shippingTax),
  });
}

/**
 * The first text after every text starting with `prefix`, in byte order: its last character's successor in its
 * place. A network prefix ends in "." or ":", so the successor is a plain character too.
 */
function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/** The statement's parameters for one order and order number. */
function placeOrderValues(input: PlaceOrderInput, orderNumber: string) {
  const { order, lines, couponId, expiresAt, client, quota } = input;
  const keys = quotaKeysOf(client.ip);
  const shares = lineShares(input);
  return {
    variantIds: lines.map((line) => line.variantId),
    productIds: lines.map((line) => line.productId),
    quantities: lines.map((line) => line.quantity),
    prices: lines.map((line) => centsToDecimal(line.priceCents)),
    names: lines.map((line) => line.name),
    skus: lines.map((line) => line.sku),
    variantNames: lines.map((line) => line.variantName),
    discounts: shares.map((share) => centsToDecimal(share.discountCents)),
    taxes: shares.map((share) => centsToDecimal(share.taxCents)),
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
    couponId,
    customerKey: customerKeyOf(order.customerEmail),
    quotaOrders: quota?.orders ?? 0,
    quotaUnits: quota?.units ?? 0,
    quotaNetworkUnits: quota?.networkUnits ?? 0,
    now: new Date().toISOString(),
    expiresAt: expiresAt.toISOString(),
    clientIp: keys.address,
    networkPrefix: keys.networkPrefix,
    networkFrom: keys.networkPrefix,
    networkTo: keys.networkPrefix === null ? null : prefixEnd(keys.networkPrefix),
    userId: client.userId,
    orderNumber,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    phone: order.phone ?? null,
    street: order.street ?? null,
    city: order.city ?? null,
    state: order.state ?? null,
    zipCode: order.zipCode ?? null,
    country: order.country ?? 'US',
    subtotal: order.subtotal ?? '0',
    discountTotal: order.discountTotal ?? '0',
    shippingTotal: order.shippingTotal ?? '0',
    taxTotal: order.taxTotal ?? '0',
    shippingTax: order.shippingTax ?? '0',
    total: order.total,
    couponCode: order.couponCode ?? null,
    paymentProvider: order.paymentProvider ?? null,
    cartToken: order.cartToken ?? null,
    shippingMethodId: order.shippingMethodId ?? null,
    shippingMethodName: order.shippingMethodName ?? null,
    shippingMethodKind: order.shippingMethodKind ?? 'delivery',
    shippingArrivesFrom: order.shippingArrivesFrom ?? null,
    shippingArrivesBy: order.shippingArrivesBy ?? null,
  };
}

/**
 * Creates the pending order with everything it holds, or throws why not, in the order a shopper
 * should hear it: the quota (429), a line short of stock (409 naming it), a price changed since
 * pricing (409), the coupon used up meanwhile (its reason). A taken order number draws again.
 */
export async function placeOrder(
  db: Database | Transaction,
  input: PlaceOrderInput,
  draw: () => string = newOrderNumber,
): Promise<{ id: number; orderNumber: string }> {
  const units = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  if (input.couponId !== null) await prepareCustomerUse(db, input.couponId, customerKeyOf(input.order.customerEmail));
  for (let attempt = 0; attempt < MAX_NUMBER_DRAWS; attempt += 1) {
    const statement = db._.session.prepareQuery(placeOrderQuery, undefined, 'checkout_place_order', false);
    const { rows } = (await statement.execute(placeOrderValues(input, draw()))) as { rows: Row[] };
    const first = rows[0];
    if (!first) throw new Error('placing an order answered no rows');
    if (first.order_id !== null && first.order_number !== null) return { id: first.order_id, orderNumber: first.order_number };

    if (input.quota) {
      const open = { orders: first.open_orders, units: first.open_units, networkUnits: first.open_network_units };
      const problem = openOrderProblem(input.quota, open, units);
      if (problem) throw problem;
    }
    const byVariant = new Map(rows.map((row) => [row.variant_id, row]));
    const sorted = [...input.lines].sort((a, b) => a.variantId - b.variantId);
    // a product's total is shared by its lines: what the earlier ones need is not left for the next
    const productLeft = new Map<number, number>();
    for (const line of sorted) {
      const now = byVariant.get(line.variantId);
      const available = now && now.stock !== null && !now.is_deleted ? now.stock : 0;
      const total = productLeft.get(line.productId) ?? now?.product_stock ?? 0;
      const left = Math.max(0, Math.min(available, total));
      if (left < line.quantity) throw conflict(shortOfStockMessage(line.name, left));
      productLeft.set(line.productId, total - line.quantity);
    }
    for (const line of input.lines) {
      // the price moved between pricing and reserving: charge nothing the shopper has not seen
      if (toCents(byVariant.get(line.variantId)?.price ?? undefined) !== line.priceCents) {
        throw conflict(`The price of ${line.name} has changed. Please review your cart.`);
      }
    }
    if (input.couponId !== null && !first.customer_ok) throw conflict(CUSTOMER_LIMIT_MESSAGE);
    if (input.couponId !== null && !first.coupon_ok) {
      const [current] = await db.select().from(coupons).where(eq(coupons.id, input.couponId));
      throw couponError(couponProblem(current, new Date()) ?? 'exhausted');
    }
    // everything allowed it: the order number was taken, draw another
  }
  throw new Error(`no free order number after ${MAX_NUMBER_DRAWS} draws`);
}
