import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// A client that sends its headers and then trickles the body must not hold a connection (and the
// request's memory) for ever. Short timeouts here; production allows a 5 MB upload on a slow phone.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '500' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Opens a connection, writes `head`, then one byte every 100 ms; answers what the server said and when. */
function trickle(head: string, body: boolean): Promise<{ response: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`connection still open after 10 s; got: ${response}`));
    }, 10_000);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => socket.write(body ? 'x' : 'X-Slow: y\r\n'), 100);
    });
    socket.on('data', (chunk) => (response += chunk.toString()));
    socket.on('error', () => {}); // a reset after the answer is fine
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ response, ms: performance.now() - started });
    });
  });
}

describe('request timeouts', () => {
  it('answers 408 and closes when the body trickles in past the request timeout', async () => {
    const { response, ms } = await trickle(
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
      true,
    );
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(5_000);
  });

  it('answers 408 and closes when the headers trickle in past the headers timeout', async () => {
    const { response, ms } = await trickle('GET /api/health HTTP/1.1\r\nHost: localhost\r\n', false);
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(5_000);
  });
});
