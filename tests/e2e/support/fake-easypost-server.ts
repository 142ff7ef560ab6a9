import { startFakeEasyPost } from '#server/test/fake-easypost.ts';

// The browser suite's EasyPost (decision 069): the API tests' fake, on the port playwright.config.ts gives
// the shop as EASYPOST_API_BASE, running until Playwright stops its web servers.

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: tsx tests/e2e/support/fake-easypost-server.ts <port>');
const fake = await startFakeEasyPost(port);
console.log(`fake EasyPost on ${fake.apiBase}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void fake.close().then(() => process.exit(0)));
