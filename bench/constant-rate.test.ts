import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConstantRate } from './constant-rate.ts';

// the first request is held for 300 ms; every other one is answered at once
let server: http.Server;
let url: string;
let heldAt = 0;
let arrivedWhileHeld = 0;
beforeAll(async () => {
  let requests = 0;
  server = http.createServer((_request, response) => {
    requests += 1;
    if (requests === 1) {
      heldAt = performance.now();
      setTimeout(() => response.end('late'), 300);
      return;
    }
    if (performance.now() - heldAt < 300) arrivedWhileHeld += 1;
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('runConstantRate', () => {
  it('keeps sending on schedule while an answer is late, and counts the late one from when it was due', async () => {
    const result = await runConstantRate({ kind: 'constant-rate', url, paths: ['/a', '/b'], ratePerSecond: 100, durationSeconds: 1 });
    expect(result.sent).toBe(100);
    expect(result.ok2xx).toBe(100);
    // 100 a second: about 30 are due during the 300 ms the first one is held
    expect(arrivedWhileHeld).toBeGreaterThanOrEqual(20);
    expect(result.latencyMaxMs).toBeGreaterThanOrEqual(300);
    expect(result.latencyP50Ms).toBeLessThan(50);
    expect(result.answeredPerSecond).toBeGreaterThan(80);
  });
});
