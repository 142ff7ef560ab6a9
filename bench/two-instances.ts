// Two shop instances on one PostgreSQL database behind nginx round robin (deploy/nginx/shop.conf's
// upstream and proxy settings, without TLS), each pinned to a core of its own: first a checkout burst
// through both, counted in the database for overselling; then, against one instance behind the same
// nginx in alternating rounds, uncached product by id and sustained checkout; then the same with each
// instance held to a quarter of a core (a CPU quota), where the instances rather than the two cores they share
// with nginx, PostgreSQL and the load generator limit the throughput, and payments spread over products.
import os from 'node:os';
import { freePort, nginxInstalled, plainShopConf, shopConf, startNginx, type Nginx } from '#server/test/nginx.ts';
import { countReservations, prepareCheckoutProducts, serverErrorCount, SHOPPER } from './checkout-load.ts';
import type { CompareResult } from './load-child.ts';
import { createScratchDatabase } from './postgres-database.ts';
import { limitCpu } from './cpu-quota.ts';
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
  /** the same with each instance held to `cores` of a core (CPU quota); null where no quota could be set */
  quota: { cores: number; products: number; productById: InstancesComparison; checkoutSustained: InstancesComparison } | null;
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
/** the share of a core each instance gets in the quota run (a container's --cpus=0.25) */
const QUOTA_CORES = 0.25;
/** products the quota run's payments are spread over */
const SPREAD_PRODUCTS = 10;

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
  // said before two shops and a database are set up for nothing (the Debian package is nginx)
  if (!nginxInstalled()) throw new Error('nginx is not installed: the two-instance run puts both instances behind it');
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
    const [productId, sustainedId, ...spread] = await prepareCheckoutProducts(database.url, stock, SPREAD_PRODUCTS);
    const proxies: string[] = [];
    for (const upstreams of [options.ports.slice(0, 1), options.ports]) {
      const port = await freePort();
      running.push(await startNginx({ site: plainShopConf(shopConf(), { upstreams, port }), port }));
      proxies.push(`http://127.0.0.1:${port}`);
    }
    const [one, two] = proxies as [string, string];
    const cpuAtStart = instances.map((instance) => cpuTimeMs(instance.pid));

    const payment = { ...SHOPPER, items: [{ productId: sustainedId, quantity: 1 }] };
    // the burst first, on rested instances (as checkout-load.ts): a timed round leaves unanswered payments queued behind it
    await fetch(`${two}/api/create-payment-intent`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payment) });
    const burst = await runLoad(
      { kind: 'burst', url: two, path: '/api/create-payment-intent', count: concurrent, body: { ...SHOPPER, items: [{ productId, quantity: 1 }] } },
      null,
    );
    const counts = await countReservations(database.url, productId);

    const products = (await (await fetch(`${two}/api/products`)).json()) as Array<{ id: number }>;
    const productPaths = products.map((product) => `/api/products/${product.id}`);
    const pinnedRun = await compareOneAndTwo(one, two, productPaths, [payment]);
    // each instance held to part of a core, as containers are: the instances, not the machine's two cores
    // shared with nginx, PostgreSQL and the load generator, are then what limits the throughput
    const quotas = await Promise.all(instances.map((instance) => limitCpu(instance.pid, QUOTA_CORES)));
    let quotaRun: TwoInstancesResult['quota'] = null;
    try {
      // payments for many products, as a shop's are: one product's stock row takes one payment at a time on any number of instances
      const payments = [sustainedId, ...spread].map((id) => ({ ...SHOPPER, items: [{ productId: id, quantity: 1 }] }));
      if (quotas.every((quota) => quota !== null))
        quotaRun = { cores: QUOTA_CORES, products: payments.length, ...(await compareOneAndTwo(one, two, productPaths, payments)) };
    } finally {
      for (const quota of quotas) await quota?.release();
    }
    const cpuUsed = instances.map((instance, index) => {
      const [before, after] = [cpuAtStart[index], cpuTimeMs(instance.pid)];
      return before === null || before === undefined || after === null ? null : round((after - before) / 1000, 1);
    });
    return {
      ...pinnedRun,
      quota: quotaRun,
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

/** Uncached product by id and sustained checkout through one instance's nginx and the two instances', in alternating rounds. */
async function compareOneAndTwo(
  one: string,
  two: string,
  productPaths: string[],
  payments: object[],
): Promise<Pick<TwoInstancesResult, 'productById' | 'checkoutSustained'>> {
  // the load generator and nginx share the cores with the instances: none is free for them
  const productById = await runLoad(
    {
      kind: 'compare',
      urls: [one, two],
      paths: productPaths,
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
      bodies: payments,
    },
    null,
  );
  return { productById: comparison(productById), checkoutSustained: comparison(checkoutSustained) };
}
