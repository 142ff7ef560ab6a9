// Two shop instances on one PostgreSQL database behind nginx round robin (deploy/nginx/shop.conf's
// upstream and proxy settings, without TLS), each pinned to a core of its own: first a checkout burst
// through both, counted in the database for overselling; then, against one instance behind the same
// nginx in alternating rounds, uncached product by id and sustained checkout.
import os from 'node:os';
import { freePort, plainShopConf, shopConf, startNginx, type Nginx } from '#server/test/nginx.ts';
import { countReservations, prepareCheckoutProducts, serverErrorCount, SHOPPER } from './checkout-load.ts';
import type { CompareResult } from './load-child.ts';
import { createScratchDatabase } from './postgres-database.ts';
import { cpuTimeMs } from './processes.ts';
import { runLoad } from './run-load.ts';
import { startShopServer, type ShopServer } from './shop-server.ts';
import { round } from './stats.ts';

export interface InstancesComparison {
  oneRps: number;
  twoRps: number;
  ratio: number;
  oneRounds: number[];
  twoRounds: number[];
  oneLatencyP99Ms: number;
  twoLatencyP99Ms: number;
  non2xx: number;
  errors: number;
}

export interface TwoInstancesResult {
  productById: InstancesComparison;
  /** successful POST /api/create-payment-intent per second, stock to spare */
  checkoutSustained: InstancesComparison;
  burst: {
    concurrentRequests: number;
    stock: number;
    answers: Record<string, number>;
    networkErrors: number;
    serverErrors: number;
    reservations: number;
    reservedUnits: number;
    oversold: number;
    stockLeft: number;
    elapsedSeconds: number;
  };
  /** CPU seconds each instance used over the whole run: both worked, and how evenly */
  instanceCpuSeconds: [number, number] | null;
  loadAverage: number;
}

const CONNECTIONS = 100;
const CHECKOUT_CONNECTIONS = 40;

function comparison(result: CompareResult): InstancesComparison {
  const [oneRps, twoRps] = result.requestsPerSecond;
  return {
    oneRps: round(oneRps),
    twoRps: round(twoRps),
    ratio: oneRps > 0 ? round(twoRps / oneRps, 2) : 0,
    oneRounds: result.roundRequestsPerSecond[0],
    twoRounds: result.roundRequestsPerSecond[1],
    oneLatencyP99Ms: result.latencyP99Ms[0],
    twoLatencyP99Ms: result.latencyP99Ms[1],
    non2xx: result.non2xx[0] + result.non2xx[1],
    errors: result.errors[0] + result.errors[1],
  };
}

export async function measureTwoInstances(options: {
  ports: [number, number];
  clientDir: string;
  concurrent?: number;
  stock?: number;
}): Promise<TwoInstancesResult> {
  const { concurrent = 1000, stock = 100 } = options;
  const database = await createScratchDatabase('instances');
  const running: Array<ShopServer | Nginx> = [];
  try {
    // RESPONSE_CACHE off: every read reaches the database; TRUST_PROXY as behind nginx in production
    const env = { RESPONSE_CACHE: 'off', TRUST_PROXY: '1' };
    const instances: ShopServer[] = [];
    for (const [index, port] of options.ports.entries()) {
      const shop = await startShopServer({
        port,
        cpu: index,
        clientDir: options.clientDir,
        dataDir: `/tmp/h8-data-instance-${index}`,
        databaseUrl: database.url,
        env,
      });
      instances.push(shop);
      running.push(shop);
    }
    const [productId, sustainedId] = await prepareCheckoutProducts(database.url, stock);
    const proxies: string[] = [];
    for (const upstreams of [options.ports.slice(0, 1), options.ports]) {
      const port = await freePort();
      running.push(await startNginx({ site: plainShopConf(shopConf(), { upstreams, port }), port }));
      proxies.push(`http://127.0.0.1:${port}`);
    }
    const [one, two] = proxies as [string, string];
    const cpuAtStart = instances.map((instance) => cpuTimeMs(instance.pid));

    // the burst first, on rested instances (as checkout-load.ts): a timed round leaves unanswered payments queued behind it
    await fetch(`${two}/api/create-payment-intent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...SHOPPER, items: [{ productId: sustainedId, quantity: 1 }] }),
    });
    const burst = await runLoad(
      { kind: 'burst', url: two, path: '/api/create-payment-intent', count: concurrent, body: { ...SHOPPER, items: [{ productId, quantity: 1 }] } },
      null,
    );
    const counts = await countReservations(database.url, productId);

    const products = (await (await fetch(`${two}/api/products`)).json()) as Array<{ id: number }>;
    // the load generator and nginx share the cores with the instances: none is free for them
    const productById = await runLoad(
      {
        kind: 'compare',
        urls: [one, two],
        paths: products.map((product) => `/api/products/${product.id}`),
        connections: CONNECTIONS,
        rounds: 4,
        secondsPerRound: 2,
        warmupSeconds: 1,
        headers: { 'accept-encoding': 'gzip' },
      },
      null,
    );
    // payments queue for the checkout limit (20 at a time per instance): rounds long enough for the queue to drain,
    // connections enough to fill both instances' limits; a round's unanswered requests still run into the next
    const checkoutSustained = await runLoad(
      {
        kind: 'compare',
        urls: [`${one}/api/create-payment-intent`, `${two}/api/create-payment-intent`],
        connections: CHECKOUT_CONNECTIONS,
        rounds: 2,
        secondsPerRound: 5,
        warmupSeconds: 2,
        method: 'POST',
        body: { ...SHOPPER, items: [{ productId: sustainedId, quantity: 1 }] },
      },
      null,
    );
    const cpuUsed = instances.map((instance, index) => {
      const [before, after] = [cpuAtStart[index], cpuTimeMs(instance.pid)];
      return before === null || before === undefined || after === null ? null : round((after - before) / 1000, 1);
    });
    return {
      productById: comparison(productById),
      checkoutSustained: comparison(checkoutSustained),
      burst: {
        concurrentRequests: concurrent,
        stock,
        answers: burst.statusCodes,
        networkErrors: burst.networkErrors,
        serverErrors: serverErrorCount(burst.statusCodes),
        reservations: counts.reservations,
        reservedUnits: counts.units,
        oversold: Math.max(0, counts.units - stock),
        stockLeft: counts.stockLeft,
        elapsedSeconds: round(burst.elapsedMs / 1000, 2),
      },
      instanceCpuSeconds: cpuUsed[0] != null && cpuUsed[1] != null ? [cpuUsed[0], cpuUsed[1]] : null,
      loadAverage: round(os.loadavg()[0]!, 1),
    };
  } finally {
    for (const process of running.reverse()) await process.stop();
    await database.drop();
  }
}
