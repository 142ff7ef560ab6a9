// A child process that runs Vendure from its install folder (outside this project):
//   setup  - creates the schema, the initial data (US zone, 0% tax, one shipping and one payment
//            method) and imports the products CSV, then builds the search index and waits for it;
//   serve  - the Shop and Admin API server that is measured (no job queue worker).
// Argument: one JSON object, see VendureAppJob.
import { createRequire } from 'node:module';
import path from 'node:path';

export interface VendureAppJob {
  mode: 'setup' | 'serve';
  installDir: string;
  databaseUrl: string;
  port: number;
  /** setup only */
  csvPath?: string;
}

/** The parts of @vendure/core used here (the package is loaded from the install folder, untyped). */
interface VendureApp {
  get(token: unknown): unknown;
  close(): Promise<void>;
}
interface Job {
  id: string | number;
  state: string;
}

const job = JSON.parse(process.argv[2] ?? '{}') as VendureAppJob;
// tsx turns source maps on; Vendure runs in production as plain compiled JavaScript, without them
process.setSourceMapsEnabled(false);
const requireVendure = createRequire(path.join(job.installDir, 'package.json'));
const vendure = requireVendure('@vendure/core');
const { populate } = requireVendure('@vendure/core/cli');

const database = new URL(job.databaseUrl);
const config = {
  apiOptions: {
    hostname: '127.0.0.1',
    port: job.port,
    adminApiPath: 'admin-api',
    shopApiPath: 'shop-api',
    adminApiPlayground: false,
    shopApiPlayground: false,
  },
  // a bearer token, not a cookie: a request without one starts a fresh anonymous session
  authOptions: {
    tokenMethod: 'bearer',
    requireVerification: false,
    // Vendure refuses to start in production with its default password
    superadminCredentials: { identifier: 'superadmin', password: 'bench-peers-superadmin' },
  },
  dbConnectionOptions: {
    type: 'postgres',
    host: database.hostname,
    port: Number(database.port || 5432),
    username: decodeURIComponent(database.username),
    password: decodeURIComponent(database.password),
    database: database.pathname.slice(1),
    synchronize: job.mode === 'setup',
    logging: false,
  },
  paymentOptions: { paymentMethodHandlers: [vendure.dummyPaymentHandler] },
  logger: new vendure.DefaultLogger({ level: vendure.LogLevel.Warn }),
  plugins: [
    vendure.DefaultJobQueuePlugin.init({}),
    // While importing, each new product and variant would queue an index update, and the reindex
    // would wait behind thousands of them; buffered, they are left unsent and the reindex covers them.
    vendure.DefaultSearchPlugin.init({ bufferUpdates: job.mode === 'setup', indexStockStatus: true }),
  ],
};

const initialData = {
  defaultLanguage: 'en',
  defaultZone: 'Americas',
  countries: [{ code: 'US', name: 'United States', zone: 'Americas' }],
  taxRates: [{ name: 'Standard Tax', percentage: 0 }],
  shippingMethods: [{ name: 'Standard Shipping', price: 500 }],
  paymentMethods: [{ name: 'Dummy', handler: { code: vendure.dummyPaymentHandler.code, arguments: [{ name: 'automaticSettle', value: 'false' }] } }],
  collections: [],
};

async function setup(): Promise<void> {
  if (!job.csvPath) throw new Error('setup needs csvPath');
  const started = Date.now();
  const app = (await populate(() => vendure.bootstrap(config), initialData, job.csvPath)) as VendureApp;
  const imported = Date.now();
  try {
    // the worker's part, run in this process: the search index is built by a job
    await (app.get(vendure.JobQueueService) as { start(): Promise<void> }).start();
    const jobs = (app.get(vendure.ConfigService) as { jobQueueOptions: { jobQueueStrategy: { findOne(id: Job['id']): Promise<Job | undefined> } } })
      .jobQueueOptions.jobQueueStrategy;
    const context = await (app.get(vendure.RequestContextService) as { create(input: object): Promise<unknown> }).create({ apiType: 'admin' });
    const reindex = (await (app.get(vendure.SearchService) as { reindex(ctx: unknown): Promise<Job> }).reindex(context)) as Job;
    for (;;) {
      const state = (await jobs.findOne(reindex.id))?.state;
      if (state === 'COMPLETED') break;
      if (state === 'FAILED' || state === 'CANCELLED') throw new Error(`Vendure's reindex job ended ${state}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    process.stdout.write(`\n${JSON.stringify({ importSeconds: (imported - started) / 1000, indexSeconds: (Date.now() - imported) / 1000 })}\n`);
  } finally {
    await app.close();
  }
}

if (job.mode === 'setup') {
  await setup();
  // TypeORM and the job queue's pollers keep handles open after close()
  process.exit(0);
} else {
  await vendure.bootstrap(config);
}
