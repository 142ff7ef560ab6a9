import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/test-app.ts';
import { cellsIn } from './csv-mutations.ts';
import { placesIn } from './example-mutations.ts';
import { exampleRequests, fuzzRequests, type FuzzRequest } from './fuzz-requests.ts';
import type { Role } from './fuzz-examples.ts';
import { openFuzzShop } from './fuzz-shop.ts';
import { AnswerChecks } from './fuzz-answers.ts';
import { startFakeEasyPost } from '#server/test/fake-easypost.ts';
import { listOperations, type OpenApiDocument, type Operation } from './openapi-operations.ts';
import { pageRequests } from './page-requests.ts';

// Every operation of /api/openapi.json, sent generated requests (valid, broken and hostile; junk-values.ts)
// as a visitor, a customer and an admin: no answer is a 5xx (503 included: the database is up), the
// database and the process still answer after each operation, and admin routes refuse everyone else.
// Deterministic: each property's seed comes from FUZZ_SEED and its name (fast-check prints seed, path and
// the shrunk request on failure; `npx vitest run <this file> -t '<test name>'` replays it, on the state the
// earlier operations left). FUZZ_RUNS=4 runs four times as many (not in CI: its time budget); FUZZ_STATS=1
// prints how each operation answered.
//
// Reached only as far as their secrets let them (nothing is left out; these answer their refusals):
// - POST /api/stripe/webhook: needs Stripe's signature over the body; every request must be refused (400).
// - POST /api/carrier/webhook: needs EasyPost's HMAC over the body; every request must be refused (401).
// - POST /api/reset-password, GET /api/stock-alerts/confirm, GET and POST /api/stock-alerts/unsubscribe:
//   need a signed token from an e-mail; the fuzz sends junk tokens only.
// - GET /uploads/{*}: one stored image, and junk paths.
const SEED = Number(process.env.FUZZ_SEED ?? 28_2026);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);

// what the app logs at error level (a 500's stack), shown beside the request that caused it
const logged: string[] = [];
const easypost = await startFakeEasyPost();
const unlimited = '1000000';
const t = await createTestApp(
  {
    LOG_LEVEL: 'error',
    // set, so the webhook checks signatures (unset, it answers 503 "not configured" by design)
    STRIPE_WEBHOOK_SECRET: 'whsec_fuzz',
    // likewise the carrier's tracking webhook, with the label routes reaching a local fake of EasyPost (decision 057)
    EASYPOST_API_KEY: 'EZTK_fuzz',
    EASYPOST_API_BASE: easypost.apiBase,
    EASYPOST_WEBHOOK_SECRET: 'easypost_fuzz_secret',
    AUTH_RATE_LIMIT: unlimited,
    REGISTER_RATE_LIMIT: unlimited,
    CHECKOUT_RATE_LIMIT: unlimited,
    STOCK_ALERT_RATE_LIMIT: unlimited,
  },
  { clientFiles: {}, logStream: { write: (line) => void logged.push(line) } },
);
const operations = listOperations((await t.app.inject('/api/openapi.json')).json<OpenApiDocument>());
const shop = await openFuzzShop(t);
const answers = new AnswerChecks(logged);

afterEach(async () => {
  // the process and the database still answer; a sign-out or a changed right is undone for the next operation
  expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
  await shop.keepSessions();
});
afterAll(async () => {
  // FUZZ_STATS=1: how each operation answered (a route that never answers 2xx is fuzzed only at its door)
  if (process.env.FUZZ_STATS) for (const [key, counts] of answers.statuses) console.log(key, Object.fromEntries(counts));
  await t.close();
  await easypost.close();
});

function send(request: FuzzRequest, role: Role): Promise<LightMyRequestResponse> {
  const cookie = shop.cookie(role);
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...(cookie && { cookie }) },
    ...(request.payload !== undefined && { payload: request.payload }),
    remoteAddress: request.remoteAddress,
  });
}

/** A seed per property: each operation's runs do not depend on how many came before it. */
function seedOf(name: string): number {
  let hash = SEED;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

// the slow ones (image decoding, checkout, search, the CSV import, a rendered page) get fewer runs
const SLOW =
  /\/(images|photos|create-payment-intent|catalog|import|document|test-payment-flow|test-order-email)\b|^POST \/api\/(products|brands|site-settings)$|^GET \/(products|brands)\//;
// each hashes a password at full cost (scrypt): a few runs
const HASHING = /^POST \/api\/(login|register)$/;

function runsOf(operation: Operation, role: Role): number {
  // refused before the input is read: a few runs show the guard holds for any input
  if (operation.admin && role !== 'admin') return Math.ceil(8 * SCALE);
  if (HASHING.test(operation.name)) return Math.ceil(5 * SCALE);
  if (SLOW.test(operation.name)) return Math.ceil(12 * SCALE);
  return Math.ceil((role === 'admin' ? 35 : 25) * SCALE);
}

async function fuzz(operation: Operation, role: Role): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fuzzRequests(operation, shop), async (request) => {
      const logStart = logged.length;
      answers.check(operation, role, request, await send(request, role), logStart);
    }),
    { seed: seedOf(`${operation.name} ${role}`), numRuns: runsOf(operation, role) },
  );
}

const FUZZ_TIMEOUT = 120_000;

describe('every operation as a visitor and as a customer', () => {
  for (const operation of operations) {
    for (const role of ['anonymous', 'customer'] as const) {
      it(`${operation.name} as ${role}`, () => fuzz(operation, role), FUZZ_TIMEOUT);
    }
  }
});

describe('storefront pages', () => {
  it(
    'product, brand, search and shop addresses with junk, the sitemap and robots.txt',
    async () => {
      await fc.assert(
        fc.asyncProperty(pageRequests(shop.hints), async (request) => {
          const logStart = logged.length;
          answers.check(null, 'anonymous', request, await send(request, 'anonymous'), logStart);
        }),
        { seed: seedOf('pages'), numRuns: Math.ceil(100 * SCALE) },
      );
    },
    FUZZ_TIMEOUT,
  );
});

describe('requests the shop accepts, one field of the body changed at a time', () => {
  for (const [index, example] of shop.examples.entries()) {
    it(
      `${example.operation} as ${example.role}`,
      async () => {
        const operation = operations.find((candidate) => candidate.name === example.operation)!;
        await fc.assert(
          fc.asyncProperty(exampleRequests(example), async (request) => {
            const logStart = logged.length;
            answers.check(operation, example.role, request, await send(request, example.role), logStart);
          }),
          // about twice as many runs as the body has places, so most places are changed at least once
          {
            seed: seedOf(`${example.operation} example ${index}`),
            numRuns: Math.ceil(Math.min(2 * (example.csv ? cellsIn(String(example.body)) : placesIn(example.body)), 120) * SCALE),
          },
        );
      },
      FUZZ_TIMEOUT,
    );
  }
});

// an admin's deletes run last, so the catalogue the other operations reach is still there
const adminOrder = [...operations.filter((operation) => operation.method !== 'DELETE'), ...operations.filter((operation) => operation.method === 'DELETE')];

describe('every operation as an admin, deletes last', () => {
  for (const operation of adminOrder) {
    it(`${operation.name} as admin`, () => fuzz(operation, 'admin'), FUZZ_TIMEOUT);
  }

  it('sent every operation of the document as each role; 5xx only where known-findings.ts says so', () => {
    expect(operations.length).toBeGreaterThan(100);
    for (const operation of operations) {
      for (const role of ['anonymous', 'customer', 'admin'] as const)
        expect(answers.sent(operation.name, role), `${operation.name} as ${role}`).toBeGreaterThan(0);
    }
    if (answers.knownHits.size) {
      console.warn(`known findings the fuzz met (known-findings.ts):\n${[...answers.knownHits].map(([finding, hits]) => `  ${hits}x ${finding}`).join('\n')}`);
    }
  });
});
