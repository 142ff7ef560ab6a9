import { defineConfig, devices } from '@playwright/test';
import { headlessShellPath } from './scripts/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;
/** State-changing API calls that carry a session cookie must name it, as a browser's own requests do. */
export const E2E_ORIGIN = baseURL;
// one data folder per port, so helpers running their own builds in parallel (CLIENT_DIR, E2E_PORT) never share a database
const dataDir = `test-results/e2e-data-${port}`;
// The server as `npm start` runs it (decision 030), compiled from this checkout's sources at every run
// (under a second), so a run never tests an older bundle; per port, like the data folder.
const serverDir = `test-results/e2e-server-${port}`;
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password' };
// the carrier API's local fake (decision 069) on a port of its own beside the shop's, so labels and tracking run as with a key
const easypostPort = port + 10_000;
export const E2E_EASYPOST = { apiBase: `http://127.0.0.1:${easypostPort}/v2/`, webhookSecret: 'e2e-easypost-webhook-secret' };

// The built app as `npm start` runs it: on a fresh database of its own (decision 065; or the DATABASE_URL CI gives it), seeded with the demo catalogue.
export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.test.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // per port too: parallel runs must not delete each other's traces
  outputDir: `test-results/artifacts-${port}`,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: headlessShellPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: `tsx tests/e2e/support/fake-easypost-server.ts ${easypostPort}`,
      url: `http://127.0.0.1:${easypostPort}/labels/ready.pdf`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // the demo catalogue plus a paddle sold in variants (tests/e2e/support/variant-catalogue.ts), then the server
      command: `rm -rf ${dataDir} && tsx tests/e2e/support/variant-catalogue.ts && tsx scripts/build-server.ts ${serverDir} && node --enable-source-maps ${serverDir}/main.js`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
        SEED: 'demo',
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        ADMIN_EMAIL: 'owner@example.com',
        LOG_LEVEL: 'warn',
        // the rate limit itself is tested by the API tests; every browser test signs in from one IP
        AUTH_RATE_LIMIT: '1000',
        // likewise every checkout comes from one address; the quotas are tested by the API tests
        CHECKOUT_RATE_LIMIT: '10000',
        CHECKOUT_OPEN_ORDERS_LIMIT: '0',
        CHECKOUT_OPEN_UNITS_LIMIT: '0',
        CHECKOUT_NETWORK_UNITS_LIMIT: '0',
        REGISTER_RATE_LIMIT: '1000',
        ALLOW_CONFIRMATION_TEST: '0',
        // the reminder journey waits for the shop's own run twice; a minute each time is two minutes of the suite
        CHECKOUT_RECOVERY_INTERVAL_MS: '2000',
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        EASYPOST_API_KEY: 'EZTK_e2e_fake',
        EASYPOST_API_BASE: E2E_EASYPOST.apiBase,
        EASYPOST_WEBHOOK_SECRET: E2E_EASYPOST.webhookSecret,
      },
    },
  ],
});
