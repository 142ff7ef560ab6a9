import { withClient } from './postgres-database.ts';

/**
 * `count` unpaid, still open checkouts as shoppers leave them (issue 35): what the order statement
 * (src/server/modules/checkout/place-order.ts) writes for a payment created and never paid, and the
 * payment id written after it, by set statements instead of `count` payments through the API (20,000
 * would take the bench a minute or more of the same load it then measures).
 *
 * Each is a pending order of a different shopper (name, e-mail, address key of its own, 250 to a /24),
 * with a simulated payment id, created over the last 25 minutes and open for 30 from then; one line of
 * one unit of one of the catalogue's one-variant products (round robin); its stock reservation held
 * until the order's expiry; the stock taken from the variant and its product, and the ledger's sale
 * entry at the level it left. ANALYZE afterwards, as autovacuum would after that many new rows.
 * Products: those given, which the caller has stocked to spare.
 */
export async function makeUnpaidCheckouts(databaseUrl: string, productIds: readonly number[], count: number): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query('begin');
    await client.query(
      `create temporary table unpaid_line on commit drop as
       select g.i, now() - make_interval(secs => 1500.0 * (${count} - g.i) / ${count}) as created_at,
              v.id as variant_id, v.product_id, v.price, v.sku, p.name as product_name
         from generate_series(1, $1::int) g(i)
         join lateral (select ($2::int[])[1 + (g.i % cardinality($2::int[]))] as product_id) pick on true
         join product_variants v on v.product_id = pick.product_id
         join products p on p.id = v.product_id`,
      [count, productIds],
    );
    await client.query(
      `create temporary table unpaid_order on commit drop as
       with made as (
         insert into orders (order_number, customer_email, customer_name, status, subtotal, total, street, city, state, zip_code,
           country, phone, payment_status, payment_provider, provider_payment_id, shipping_total, tax_total, shipping_method_kind,
           expires_at, client_ip, created_at, updated_at)
         select 'UP' || lpad(l.i::text, 6, '0'), 'shopper' || l.i || '@example.com', 'Shopper ' || l.i, 'pending', l.price, l.price + 6.95,
           l.i || ' Main St', 'Austin', 'TX', '78701', 'US', '', 'pending', 'simulated', 'pi_sim_unpaid_' || l.i, 6.95, 0, 'delivery',
           l.created_at + interval '30 minutes', '10.' || (l.i / 62500) || '.' || (l.i / 250 % 250) || '.' || (l.i % 250 + 1),
           l.created_at, l.created_at
         from unpaid_line l
         returning id, order_number
       )
       select made.id as order_id, l.* from made join unpaid_line l on 'UP' || lpad(l.i::text, 6, '0') = made.order_number`,
    );
    await client.query(
      `insert into order_items (order_id, product_id, product_name, variant_id, sku, quantity, price)
       select order_id, product_id, product_name, variant_id, sku, 1, price from unpaid_order`,
    );
    await client.query(
      `insert into stock_reservations (order_id, product_id, variant_id, quantity, expires_at, created_at)
       select order_id, product_id, variant_id, 1, created_at + interval '30 minutes', created_at from unpaid_order`,
    );
    await client.query(
      `insert into stock_ledger (variant_id, reason, change, level, order_id, created_at)
       select u.variant_id, 'sale', -1, v.stock - row_number() over (partition by u.variant_id order by u.i), u.order_id, u.created_at
         from unpaid_order u join product_variants v on v.id = u.variant_id`,
    );
    await client.query(
      `update product_variants v set stock = v.stock - t.units from (select variant_id, count(*)::int as units from unpaid_order group by variant_id) t
        where v.id = t.variant_id`,
    );
    await client.query(
      `update products p set stock = p.stock - t.units from (select product_id, count(*)::int as units from unpaid_order group by product_id) t
        where p.id = t.product_id`,
    );
    await client.query('commit');
    await client.query('analyze orders, order_items, stock_reservations, stock_ledger, product_variants, products');
  });
}
