import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouponReport, InventoryReport, ReturnsReport, SalesReport, TaxReport, TopReport } from '#common/schemas/reports.ts';
import { productVariants } from '#server/db/schema.ts';
import { insertBrands } from '#server/test/catalog-fixtures.ts';
import { checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { orderNumberOf } from '#server/test/order-fixtures.ts';
import { newRequestId, paidOrderOf, paidSimulatedOrder } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { topName } from './report-rollup.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
  admin = await t.signIn({ admin: true });
  await admin.inject({ method: 'PUT', url: '/api/return-policy', payload: { windowDays: 30, conditions: '' } });
});
afterAll(() => t.close());

// the shop's time zone until the owner sets one (the shipping settings' default)
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
const range = `from=${today}&to=${today}`;
const read = async (path: string) => {
  const res = await admin.inject({ url: `/api/admin/reports/${path}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as unknown;
};
const patchStatus = (orderId: number, status: string) => admin.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status } });

/** The day's figures straight from the orders: paid ones only, each on the day of its `pay` step. */
async function directAggregate(day: string) {
  const result = (await t.db.execute(sql`
    with sold as (
      select o.* from orders o
      where (select (min(e.created_at) at time zone 'America/Chicago')::date from order_events e where e.order_id = o.id and e.event = 'pay') = ${day}::date
    )
    select count(*)::int as orders,
      (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id in (select id from sold)) as units,
      (select coalesce(sum(round(i.price * 100) * i.quantity), 0)::int from order_items i where i.order_id in (select id from sold)) as gross,
      coalesce(sum(round(discount_total * 100)), 0)::int as discount, coalesce(sum(round(refunded_total * 100)), 0)::int as refund,
      coalesce(sum(round(tax_total * 100)), 0)::int as tax, coalesce(sum(round(shipping_total * 100)), 0)::int as shipping
    from sold
  `)) as unknown as { rows: Array<Record<string, number>> };
  return result.rows[0]!;
}

async function deliveredReturnRefunded(reason: string, amount: string) {
  const order = await paidSimulatedOrder(t);
  await patchStatus(order.orderId, 'shipped');
  await patchStatus(order.orderId, 'delivered');
  const orderNumber = await orderNumberOf(t.db, order.orderId);
  const key = t.services.orderLinks.sign(orderNumber).key;
  const asked = await t.app.inject({
    method: 'POST',
    url: `/api/orders/number/${orderNumber}/returns`,
    payload: { key, lines: [{ itemId: order.paddleLine.id, quantity: 1 }], reason, requestId: newRequestId() },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const returnId = (asked.json() as { returns: Array<{ id: number }> }).returns.at(-1)!.id;
  const act = (what: string, payload: object) => admin.inject({ method: 'POST', url: `/api/returns/${returnId}/${what}`, payload });
  expect((await act('approve', { instructions: 'Send it back' })).statusCode).toBe(200);
  expect((await act('receive', { lines: [{ itemId: order.paddleLine.id, restock: true }] })).statusCode).toBe(200);
  expect((await act('refund', { amount })).statusCode).toBe(200);
  return order;
}

describe('reports over daily roll-ups', () => {
  it('keep the roll-up equal to the orders through sales, refunds, cancels and returns; unpaid checkouts never count', async () => {
    // $70 of goods, free shipping, Texas tax 8.2 %: $5.74
    const first = await paidSimulatedOrder(t);
    const before = SalesReport.parse(await read(`sales?${range}`));
    expect(before.totals).toMatchObject({
      orders: 1,
      units: 3,
      grossCents: 7000,
      discountCents: 0,
      refundCents: 0,
      taxCents: 574,
      shippingCents: 0,
      netCents: 7000,
    });
    expect(before.totals).toEqual(expect.objectContaining(await directFigures()));

    // an unpaid checkout and a declined one
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: checkoutBody([{ productId: first.paddle.id, quantity: 1 }]),
    });
    expect(open.statusCode).toBe(200);
    // $60 less 10 %: $54 of goods, $4.43 of tax
    const coupon = await paidOrderOf(t, [{ price: '20.00', quantity: 3 }], { type: 'percentage', amount: '10' });
    const refund = await admin.inject({
      method: 'POST',
      url: `/api/orders/${first.orderId}/refunds`,
      payload: { kind: 'lines', lines: [{ itemId: first.paddleLine.id, quantity: 1, restock: true }], reason: 'Cracked edge guard', requestId: newRequestId() },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const cancelled = await paidSimulatedOrder(t);
    expect((await patchStatus(cancelled.orderId, 'cancelled')).statusCode).toBe(200);
    await deliveredReturnRefunded('Too heavy for my elbow', '25.50');

    const after = SalesReport.parse(await read(`sales?${range}`));
    expect(after.totals).toEqual(expect.objectContaining(await directFigures()));
    // four paid orders: 3 × $70 and $60 of goods; refunds $32.46 + $75.74 (the whole cancelled order) + $25.50
    expect(after.totals).toMatchObject({
      orders: 4,
      units: 12,
      grossCents: 27_000,
      discountCents: 600,
      refundCents: 3246 + 7574 + 2550,
      taxCents: 3 * 574 + 443,
      netCents: 27_000 - 600 - (3246 + 7574 + 2550),
      newCustomers: 1,
      returningCustomers: 3,
    });
    expect(after.periods).toHaveLength(1);
    expect(coupon.orderId).toBeGreaterThan(0);
  });

  it('answers the best sellers, coupons, tax by state and month, and returns by reason in exact cents', async () => {
    const top = TopReport.parse(await read(`top?${range}&by=product`));
    expect(top.rows.find((row) => row.name === 'Refund Paddle')).toEqual({
      name: 'Refund Paddle',
      units: 6,
      grossCents: 18_000,
      discountCents: 0,
      netCents: 18_000,
      // one refunded unit, the cancelled order's two and the returned one
      refundedUnits: 4,
    });
    const brands = TopReport.parse(await read(`top?${range}&by=brand`));
    expect(brands.rows.reduce((sum, row) => sum + row.grossCents, 0)).toBe(27_000);

    const coupons = CouponReport.parse(await read(`coupons?${range}`));
    expect(coupons.rows).toEqual([expect.objectContaining({ orders: 1, discountCents: 600, salesCents: 5400 + 443 })]);

    const tax = TaxReport.parse(await read(`tax?${range}`));
    expect(tax.rows).toEqual([
      {
        month: today.slice(0, 7),
        state: 'TX',
        orders: 4,
        taxableCents: 27_000 - 600,
        taxCents: 3 * 574 + 443,
        // the refunded and the returned paddle's share ($2.46 each) and the whole cancelled order's $5.74
        taxRefundedCents: 2 * 246 + 574,
        netTaxCents: 3 * 574 + 443 - 2 * 246 - 574,
      },
    ]);

    const returns = ReturnsReport.parse(await read(`returns?${range}`));
    expect(returns.returns).toEqual([{ productName: 'Refund Paddle', reason: 'Too heavy for my elbow', returns: 1, units: 1 }]);
    expect(returns.refunds).toContainEqual({ reason: 'Cracked edge guard', refunds: 1, amountCents: 3246 });
  });

  it('values stock at cost and lists low stock with what to reorder', async () => {
    const order = await paidSimulatedOrder(t);
    const [paddle] = await t.db.select().from(productVariants).where(eq(productVariants.productId, order.paddle.id));
    await t.db.update(productVariants).set({ costPrice: '12.50' }).where(eq(productVariants.id, paddle!.id));
    const inventory = InventoryReport.parse(await read('inventory'));
    const row = inventory.rows.find((entry) => entry.variantId === paddle!.id)!;
    // 5 in stock, 2 sold: sell-through 2 / 5, 3 left last 45 days at 2 a month, reorder up to 5
    expect(row).toMatchObject({ stock: 3, costCents: 1250, valueCents: 3750, soldLast30Days: 2, sellThroughPercent: 40, daysOfCover: 45, reorderQuantity: 2 });
    expect(inventory.lowStock.map((entry) => entry.variantId)).toContain(paddle!.id);
    expect(inventory.lowStock.every((entry) => entry.stock < 5)).toBe(true);
    expect(inventory.valueCents).toBe(3750);
  });

  it('exports a table as CSV with dollars, named after the table and range', async () => {
    const res = await admin.inject({ url: `/api/admin/reports/sales/export.csv?${range}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report-sales-${today}-to-${today}.csv"`);
    const [header, row] = res.body.split('\r\n');
    expect(header).toBe('Period,Orders,Units,Gross sales,Discounts,Refunds,Net sales,Tax,Shipping,Average order,New customers,Returning customers');
    expect(row).toMatch(new RegExp(`^${today},5,15,340.00,6.00,`));
  });

  it('refuses bad ranges with a 400 naming the problem, and anyone but an admin', async () => {
    const refused = async (query: string, message: string) => {
      const res = await admin.inject({ url: `/api/admin/reports/sales?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(message);
    };
    await refused('from=2026-02-30&to=2026-03-01', 'No such date');
    await refused('from=yesterday&to=2026-03-01', 'YYYY-MM-DD');
    await refused('from=2026-03-02&to=2026-03-01', 'The start date is after the end date');
    await refused('from=2020-01-01&to=2026-03-01', 'at most 5 years');
    await refused(`${range}&interval=year`, 'Invalid report range');
    expect((await admin.inject({ url: `/api/admin/reports/top?${range}&by=shoe` })).statusCode).toBe(400);
    expect((await admin.inject({ url: `/api/admin/reports/nothing/export.csv?${range}` })).statusCode).toBe(400);
    const customer = await t.signIn();
    expect((await customer.inject({ url: `/api/admin/reports/sales?${range}` })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/admin/reports/inventory` })).statusCode).toBe(401);
  });

  it("takes a variant's cost price from the product editor's document, and a document without it keeps it", async () => {
    const order = await paidSimulatedOrder(t);
    const documentUrl = `/api/admin/products/${order.balls.id}/document`;
    const loaded = (await admin.inject({ url: documentUrl })).json() as { variants: Array<{ id: number; stock: number; costPrice?: string }> };
    const [brand] = await insertBrands(t.db, { name: 'Cost Brand' });
    const withStockWas = (costPrice?: string) => ({
      ...loaded,
      brandId: brand!.id,
      variants: loaded.variants.map((variant) => ({ ...variant, stockWas: variant.stock, ...(costPrice !== undefined && { costPrice }) })),
    });
    const saved = await admin.inject({ method: 'PUT', url: documentUrl, payload: withStockWas('4.25') });
    expect(saved.statusCode, saved.body).toBe(200);
    const variantId = loaded.variants[0]!.id;
    const valueOf = async () => InventoryReport.parse(await read('inventory')).rows.find((row) => row.variantId === variantId);
    expect(await valueOf()).toMatchObject({ stock: 4, costCents: 425, valueCents: 1700 });
    // a sender that does not know the field (the CSV import, an older client) leaves the cost as it is
    expect((await admin.inject({ method: 'PUT', url: documentUrl, payload: withStockWas() })).statusCode).toBe(200);
    expect(await valueOf()).toMatchObject({ costCents: 425 });
    expect((await admin.inject({ url: documentUrl })).json().variants[0].costPrice).toBe('4.25');
  });
});

async function directFigures() {
  const direct = await directAggregate(today);
  return {
    orders: direct.orders,
    units: direct.units,
    grossCents: direct.gross,
    discountCents: direct.discount,
    refundCents: direct.refund,
    taxCents: direct.tax,
    shippingCents: direct.shipping,
  };
}

describe('the best sellers over most of the history (decision 074)', () => {
  it("keeps every list's all-time totals equal to the daily rows they sum, after refunds and cancels recomputed the day", async () => {
    await read(`top?${range}&by=variant`);
    for (const by of ['product', 'variant', 'brand', 'type'] as const) {
      const differences = (await t.db.execute(sql`
        with daily as (
          select ${topName[by]} as name, sum(units)::int as units, sum(gross_cents)::bigint as gross, sum(discount_cents)::bigint as discount,
            sum(refunded_units)::int as refunded, count(*)::int as days
          from report_daily_items group by 1),
        totals as (select name, units, gross_cents as gross, discount_cents as discount, refunded_units as refunded, days from report_top_totals where by = ${by})
        (select * from daily except select * from totals) union all (select * from totals except select * from daily)
      `)) as unknown as { rows: unknown[] };
      expect(differences.rows, by).toEqual([]);
    }
    const totals = (await t.db.execute(sql`select count(*)::int as n from report_top_totals`)) as unknown as { rows: { n: number }[] };
    expect(totals.rows[0]!.n).toBeGreaterThan(0);
  });

  it('answers a range holding most sales (the totals less the days outside) as the daily rows in it would', async () => {
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    for (const by of ['product', 'variant', 'brand', 'type'] as const) {
      const wide = TopReport.parse(await read(`top?from=${yesterday}&to=${today}&by=${by}`));
      const name = { product: sql`product_name`, variant: sql`variant_id`, brand: sql`brand_name`, type: sql`product_type_name` }[by];
      const direct = (await t.db.execute(sql`
        select sum(units)::int as units, sum(gross_cents)::int as gross from report_daily_items where day between ${yesterday}::date and ${today}::date group by ${name}
      `)) as unknown as { rows: { units: number; gross: number }[] };
      expect(wide.rows.length, by).toBe(direct.rows.length);
      expect(wide.rows.reduce((sum, row) => sum + row.units, 0)).toBe(direct.rows.reduce((sum, row) => sum + row.units, 0));
      expect(wide.rows.reduce((sum, row) => sum + row.grossCents, 0)).toBe(direct.rows.reduce((sum, row) => sum + row.gross, 0));
    }
    // a range before every sale: nothing sold in it, though every total is outside it
    expect(TopReport.parse(await read(`top?from=2020-01-01&to=2020-01-31&by=product`)).rows).toEqual([]);
  });
});
