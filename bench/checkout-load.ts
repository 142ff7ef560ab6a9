import { createScratchDatabase, withClient } from './postgres-database.ts';
import { runLoad } from './run-load.ts';
import { startShopServer, type ShopServer } from './shop-server.ts';
import { round } from './stats.ts';
import { makeUnpaidCheckouts } from './unpaid-checkouts.ts';

export interface CheckoutLoadResult {
  concurrentRequests: number;
  stock: number;
  answers: Record<string, number>;
  networkErrors: number;
  serverErrors: number;
  orders: number;
  reservations: number;
  reservedUnits: number;
  stockLeft: number;
  oversold: number;
  /** 100 reservations over the time from the first request to the last successful answer */
  reservationsPerSecond: number;
  burstSeconds: number;
  firstSuccessMs: number;
  lastSuccessMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** with stock to spare: 100 connections for a few seconds, successful payment creations per second */
  sustainedReservationsPerSecond: number;
  sustainedLatencyP99Ms: number;
  sustainedServerErrors: number;
  /** the same, with the owner's zones (three methods by weight and subtotal brackets) pricing every payment (decision 049) */
  zonedReservationsPerSecond: number;
  zonedLatencyP99Ms: number;
  zonedServerErrors: number;
  /** sustained with 20,000 unpaid checkouts open against none, alternating rounds (issue 35); absent without its two ports */
  unpaid?: UnpaidCheckoutsResult;
}

export const SHOPPER = {
  customerName: 'Bench Shopper',
  customerEmail: 'bench@example.com',
  phone: '',
  shippingAddress: { street: '1 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
};

/** Products sold as one variant: the first with `stock` units, the next `spare` (at least one) with stock to spare. */
export async function prepareCheckoutProducts(databaseUrl: string, stock: number, spare = 1): Promise<[number, number, ...number[]]> {
  return withClient(databaseUrl, async (client) => {
    // products sold as one variant, so { productId } names what to buy; stock lives on the variant, the product keeps the sum
    const { rows } = await client.query<{ id: number }>(
      `select p.id from products p where not p.is_deleted and (select count(*) from product_variants v where v.product_id = p.id) = 1 order by p.id limit $1`,
      [1 + spare],
    );
    if (rows.length < 1 + Math.max(1, spare)) throw new Error(`the catalogue has ${rows.length} products sold as one variant, ${1 + spare} needed`);
    const setStock = async (id: number, units: number) => {
      await client.query('update product_variants set stock = $1 where product_id = $2', [units, id]);
      await client.query('update products set stock = $1 where id = $2', [units, id]);
    };
    const [burst, ...spares] = rows.map((row) => row.id) as [number, number, ...number[]];
    await setStock(burst, stock);
    for (const id of spares) await setStock(id, 1_000_000);
    return [burst, ...spares] as [number, number, ...number[]];
  });
}

/**
 * An owner's shipping profile like the demo's: a zone holding the shopper's state with a weight-bracket
 * Standard, a subtotal-bracket Expedited and local pickup, plus two more zones checkout must look past.
 */
export async function seedShippingZones(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    const zone = async (name: string, states: string[]) =>
      (await client.query<{ id: number }>('insert into shipping_zones (name, us_states) values ($1, $2) returning id', [name, states])).rows[0]!.id;
    const method = (zoneId: number, name: string, kind: string, rate: object) =>
      client.query(
        'insert into shipping_methods (zone_id, name, kind, min_business_days, max_business_days, cutoff_time, rate) values ($1, $2, $3, 2, 5, $4, $5)',
        [zoneId, name, kind, '14:00', JSON.stringify(rate)],
      );
    const bracket = (from: number, to: number | null, priceCents: number) => ({ from, to, priceCents });
    await zone('West', ['CA', 'OR', 'WA', 'NV', 'AZ']);
    await zone('Northeast', ['NY', 'NJ', 'PA', 'MA', 'CT']);
    const south = await zone('South', ['TX', 'OK', 'LA', 'AR', 'NM']);
    await method(south, 'Standard', 'delivery', {
      basis: 'weight',
      freeOverCents: 7500,
      brackets: [bracket(0, 907, 695), bracket(907, 9072, 1295), bracket(9072, null, 3450)],
    });
    await method(south, 'Expedited', 'delivery', { basis: 'subtotal', freeOverCents: null, brackets: [bracket(0, 5000, 1495), bracket(5000, null, 1995)] });
    await method(south, 'Local pickup', 'pickup', { basis: 'flat', priceCents: 0, freeOverCents: null });
  });
}

/** What the database holds for one product after a burst: reservations, units, orders, stock left. */
export async function countReservations(databaseUrl: string, productId: number) {
  return withClient(databaseUrl, async (client) => {
    const reserved = await client.query<{ reservations: string; units: string | null; orders: string }>(
      `select count(*) as reservations, sum(r.quantity) as units, count(distinct r.order_id) as orders
         from stock_reservations r where r.product_id = $1`,
      [productId],
    );
    const left = await client.query<{ stock: number }>('select stock from product_variants where product_id = $1', [productId]);
    return {
      reservations: Number(reserved.rows[0]!.reservations),
      units: Number(reserved.rows[0]!.units ?? 0),
      orders: Number(reserved.rows[0]!.orders),
      stockLeft: left.rows[0]!.stock,
    };
  });
}

export function serverErrorCount(statusCodes: Record<string, number>): number {
  return Object.entries(statusCodes)
    .filter(([code]) => code.startsWith('5'))
    .reduce((sum, [, count]) => sum + count, 0);
}

/**
 * 1,000 shoppers create a payment for the same product at once while 100 are in
 * stock, on PostgreSQL. Exactly 100 must win, the rest get 409, nobody gets a 5xx.
 */
export async function measureCheckoutLoad(options: {
  port: number;
  clientDir: string;
  concurrent?: number;
  stock?: number;
  /** the two shops of the unpaid checkouts' row (measureUnpaidCheckouts) */
  unpaidPorts?: [number, number];
}): Promise<CheckoutLoadResult> {
  const { concurrent = 1000, stock = 100 } = options;
  const database = await createScratchDatabase('checkout');
  try {
    const shop = await startShopServer({ port: options.port, clientDir: options.clientDir, dataDir: '/tmp/h8-data-checkout', databaseUrl: database.url });
    try {
      const [productId, sustainedId] = await prepareCheckoutProducts(database.url, stock);
      // one warm request on another product: connections, prepared plans, JIT of the code path
      await fetch(`${shop.url}/api/create-payment-intent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...SHOPPER, items: [{ productId: sustainedId, quantity: 1 }] }),
      });

      const burst = await runLoad({
        kind: 'burst',
        url: shop.url,
        path: '/api/create-payment-intent',
        count: concurrent,
        body: { ...SHOPPER, items: [{ productId, quantity: 1 }] },
      });
      const counts = await countReservations(database.url, productId);

      const sustained = await runLoad({
        kind: 'autocannon',
        url: `${shop.url}/api/create-payment-intent`,
        connections: 100,
        durationSeconds: 5,
        method: 'POST',
        body: { ...SHOPPER, items: [{ productId: sustainedId, quantity: 1 }] },
      });

      // the same load priced by the owner's zones instead of the built-in Standard shipping (issue 31)
      await seedShippingZones(database.url);
      const zoned = await runLoad({
        kind: 'autocannon',
        url: `${shop.url}/api/create-payment-intent`,
        connections: 100,
        durationSeconds: 5,
        method: 'POST',
        body: { ...SHOPPER, items: [{ productId: sustainedId, quantity: 1 }] },
      });

      const serverErrors = serverErrorCount(burst.statusCodes);
      const sustainedServerErrors = serverErrorCount(sustained.statusCodes);
      return {
        concurrentRequests: concurrent,
        stock,
        answers: burst.statusCodes,
        networkErrors: burst.networkErrors,
        serverErrors,
        orders: counts.orders,
        reservations: counts.reservations,
        reservedUnits: counts.units,
        stockLeft: counts.stockLeft,
        oversold: Math.max(0, counts.units - stock),
        reservationsPerSecond: burst.lastSuccessMs > 0 ? round((counts.reservations / burst.lastSuccessMs) * 1000) : 0,
        burstSeconds: round(burst.elapsedMs / 1000, 2),
        firstSuccessMs: round(burst.firstSuccessMs),
        lastSuccessMs: round(burst.lastSuccessMs),
        latencyP50Ms: round(burst.latencyP50Ms),
        latencyP99Ms: round(burst.latencyP99Ms),
        sustainedReservationsPerSecond: round(sustained.ok2xx / 5),
        sustainedLatencyP99Ms: sustained.latencyP99Ms,
        sustainedServerErrors,
        zonedReservationsPerSecond: round(zoned.ok2xx / 5),
        zonedLatencyP99Ms: zoned.latencyP99Ms,
        zonedServerErrors: serverErrorCount(zoned.statusCodes),
      };
    } finally {
      await shop.stop();
    }
  } finally {
    await database.drop();
  }
}

/** The burst and sustained figures, then (with its ports) the row of 20,000 unpaid checkouts, on shops of its own. */
export async function measureCheckout(options: Parameters<typeof measureCheckoutLoad>[0]): Promise<CheckoutLoadResult> {
  const result = await measureCheckoutLoad(options);
  if (!options.unpaidPorts) return result;
  return { ...result, unpaid: await measureUnpaidCheckouts({ ports: options.unpaidPorts, clientDir: options.clientDir }) };
}

export interface UnpaidCheckoutsResult {
  openCheckouts: number;
  /** payments per second over all rounds: the shop whose database has none open before the load, and the one with them */
  fresh: number;
  withUnpaid: number;
  /** withUnpaid / fresh: budget >= 0.9 */
  ratio: number;
  rounds: [number[], number[]];
  latencyP99Ms: [number, number];
  /** answers other than 2xx (a quota refusing the load, a 5xx), network errors and timeouts */
  non2xx: [number, number];
  errors: [number, number];
}

/**
 * Sustained payment creation on a database holding 20,000 unpaid open checkouts against the same load on a
 * database holding none (issue 35): two shops of the same build on the same core, each on its own database
 * of the same catalogue, measured in alternating rounds (load-child's compare). Both run the production
 * quotas (decision 014) behind a trusted proxy, every request from its own shopper's address, since those
 * quotas count open checkouts inside the order statement.
 */
export async function measureUnpaidCheckouts(options: { ports: [number, number]; clientDir: string; openCheckouts?: number }): Promise<UnpaidCheckoutsResult> {
  const openCheckouts = options.openCheckouts ?? 20_000;
  const env = { TRUST_PROXY: '1', CHECKOUT_OPEN_ORDERS_LIMIT: '3', CHECKOUT_OPEN_UNITS_LIMIT: '200', CHECKOUT_NETWORK_UNITS_LIMIT: '600' };
  const databases = [await createScratchDatabase('checkout_fresh'), await createScratchDatabase('checkout_unpaid')] as const;
  const shops: ShopServer[] = [];
  try {
    for (const [index, database] of databases.entries()) {
      shops.push(
        await startShopServer({
          port: options.ports[index]!,
          clientDir: options.clientDir,
          dataDir: `/tmp/h8-data-unpaid-${index}`,
          databaseUrl: database.url,
          env,
        }),
      );
    }
    const products = await Promise.all(databases.map((database) => prepareCheckoutProducts(database.url, 100, 10)));
    // the same product id in both: the demo catalogue is seeded alike
    const [, sustainedId, ...others] = products[1]!;
    if (products[0]![1] !== sustainedId) throw new Error('the two databases differ in their catalogue');
    await makeUnpaidCheckouts(databases[1].url, [sustainedId, ...others], openCheckouts);
    const compared = await runLoad({
      kind: 'compare',
      urls: [`${shops[0]!.url}/api/create-payment-intent`, `${shops[1]!.url}/api/create-payment-intent`],
      connections: 100,
      rounds: 4,
      secondsPerRound: 2.5,
      warmupSeconds: 1,
      method: 'POST',
      body: { ...SHOPPER, items: [{ productId: sustainedId, quantity: 1 }] },
      // shoppers at addresses of their own, so the production quotas (3 open checkouts per address) count as they would
      ownClientAddresses: true,
    });
    const [fresh, withUnpaid] = compared.requestsPerSecond;
    return {
      openCheckouts,
      fresh: round(fresh),
      withUnpaid: round(withUnpaid),
      // no answer at all from the shop without unpaid checkouts (a machine too busy) is no ratio
      ratio: fresh > 0 ? round(withUnpaid / fresh, 2) : 0,
      rounds: compared.roundRequestsPerSecond,
      latencyP99Ms: compared.latencyP99Ms,
      non2xx: compared.non2xx,
      errors: compared.errors,
    };
  } finally {
    for (const shop of shops) await shop.stop();
    for (const database of databases) await database.drop();
  }
}
