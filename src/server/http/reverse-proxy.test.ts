import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, nginxInstalled, type Nginx, shopConf, shopConfOnPorts, startNginx } from '#server/test/nginx.ts';
import { needPostgresServer } from '#server/test/postgres-server.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// The recipe of docs/operations.md ("Two instances behind nginx"): deploy/nginx/shop.conf, run by a real
// nginx in front of two instances on one PostgreSQL database, TRUST_PROXY=1 on both.
// It needs nginx, openssl and a PostgreSQL server; without either it is skipped with a warning, and fails under CI=true.
const postgres = needPostgresServer(import.meta.url, [
  !nginxInstalled() && 'nginx (apt-get install nginx)',
  spawnSync('openssl', ['version']).status !== 0 && 'openssl (for its test certificate)',
]);

describe('docs/operations.md', () => {
  it('shows deploy/nginx/shop.conf exactly as the test runs it', () => {
    const doc = readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');
    expect(doc).toContain(`\`\`\`nginx\n${shopConf()}\`\`\``);
  });
});

// the recipe's own host name: requests go to nginx on 127.0.0.1, naming it (TLS SNI and Host) as a browser would
const SHOP_HOST = 'shop.example.com';
// set up by the nginx suite below
let proxyUrl: string;
let proxyPort: number;
let certificate: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request to nginx from one loopback address (127.0.0.x), as from one client machine, for the shop's host name (or `servername`). */
function request(
  from: string,
  method: string,
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; servername?: string } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const servername = options.servername ?? SHOP_HOST;
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      {
        host: '127.0.0.1',
        port: proxyPort,
        path: url,
        method,
        ca: certificate,
        servername,
        localAddress: from,
        agent: false,
        headers: { host: `${servername}:${proxyPort}`, ...(payload && { 'content-type': 'application/json' }), ...options.headers },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    outgoing.once('error', reject);
    outgoing.end(payload);
  });
}

const wrongLogin = (from: string, forwardedFor?: string) =>
  request(from, 'POST', '/api/login', {
    body: { username: 'nobody-here', password: 'not the password' },
    ...(forwardedFor && { headers: { 'x-forwarded-for': forwardedFor } }),
  });

describe.skipIf(postgres.skip)('two instances behind nginx (deploy/nginx/shop.conf)', () => {
  let first: TestApp;
  let second: TestApp;
  let nginx: Nginx;
  let httpPort: number;
  const served = [0, 0];

  beforeAll(async () => {
    const serverUrl = postgres.url();
    httpPort = await freePort();
    const httpsPort = await freePort([httpPort]);
    proxyPort = httpsPort;
    proxyUrl = `https://${SHOP_HOST}:${httpsPort}`;
    // as in production: the shop's own address is PUBLIC_URL (Origin checks, links), its client addresses come from nginx
    const env = { NODE_ENV: 'production', TRUST_PROXY: '1', PUBLIC_URL: proxyUrl, AUTH_RATE_LIMIT: '3' };
    first = await createTestApp(env, { postgresServer: serverUrl });
    second = await createTestApp(env, { shareDatabaseWith: first });
    const upstreams: number[] = [];
    for (const [index, instance] of [first, second].entries()) {
      // not listen(0): that may hand an instance a port just chosen for nginx, which then cannot bind it
      await instance.app.listen({ port: await freePort([httpPort, httpsPort, ...upstreams]), host: '127.0.0.1' });
      instance.app.server.on('request', () => (served[index]! += 1));
      upstreams.push((instance.app.server.address() as AddressInfo).port);
    }
    const folder = `/tmp/shop-proxy-cert-${process.pid}`;
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', `/CN=${SHOP_HOST}`, '-addext', `subjectAltName=DNS:${SHOP_HOST}`,
      '-keyout', `${folder}-key.pem`, '-out', `${folder}-cert.pem`,
    ], { stdio: 'ignore' }); // prettier-ignore
    certificate = readFileSync(`${folder}-cert.pem`, 'utf8');
    const key = readFileSync(`${folder}-key.pem`, 'utf8');
    for (const file of [`${folder}-key.pem`, `${folder}-cert.pem`]) rmSync(file, { force: true });
    nginx = await startNginx({
      site: shopConfOnPorts(shopConf(), { upstreams, httpPort, httpsPort, certificate: 'cert.pem', key: 'key.pem' }),
      port: httpsPort,
      files: { 'cert.pem': certificate, 'key.pem': key },
    });
  });
  afterAll(async () => {
    await nginx?.stop();
    await second?.close();
    await first?.close();
  });

  it('sends the requests to both instances in turn', async () => {
    const before = [...served];
    for (let i = 0; i < 6; i += 1) expect((await request('127.0.0.1', 'GET', '/api/health')).status).toBe(200);
    expect(served[0]! - before[0]!).toBe(3);
    expect(served[1]! - before[1]!).toBe(3);
  });

  it('redirects plain http to https', async () => {
    const answer = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: httpPort, path: '/shop?page=2', headers: { host: 'shop.example.com' } }, (response) => {
          response.resume();
          resolve({ status: response.statusCode!, location: response.headers.location });
        })
        .once('error', reject);
    });
    expect(answer).toEqual({ status: 301, location: 'https://shop.example.com/shop?page=2' });
  });

  it('limits each client by the address nginx saw, over both instances, whatever the client claims', async () => {
    // AUTH_RATE_LIMIT=3: the requests alternate between the instances, the count is shared
    for (let i = 1; i <= 3; i += 1) expect((await wrongLogin('127.0.0.2', `203.0.113.${i}`)).status).toBe(401);
    const limited = await wrongLogin('127.0.0.2', '203.0.113.99');
    expect(limited.status).toBe(429);
    expect((await wrongLogin('127.0.0.2')).status).toBe(429);
    // another client behind the same nginx: every request reaches the instances from nginx's own address,
    // so had the shop counted that one, this client would be limited too
    expect((await wrongLogin('127.0.0.3')).status).toBe(401);
  });

  it('keeps a session signed in through nginx on both instances, and signs it out on both', async () => {
    const user = await first.signIn();
    const login = await request('127.0.0.4', 'POST', '/api/login', { body: { username: user.username, password: user.password } });
    expect(login.status).toBe(200);
    const setCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((line) => line.startsWith('sid='));
    // PUBLIC_URL is https: the cookie is only ever sent back over https
    expect(setCookie).toMatch(/; Secure/i);
    const cookie = setCookie!.split(';')[0]!;

    const before = [...served];
    for (let i = 0; i < 4; i += 1) {
      const me = await request('127.0.0.4', 'GET', '/api/user', { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body)).toMatchObject({ username: user.username });
    }
    expect(served.map((count, index) => count - before[index]!)).toEqual([2, 2]);

    // the Origin the browser sends is the proxy's (PUBLIC_URL)
    expect((await request('127.0.0.4', 'POST', '/api/logout', { headers: { cookie, origin: proxyUrl } })).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await request('127.0.0.4', 'GET', '/api/user', { headers: { cookie } })).status).toBe(401);
  });

  it('answers nothing for another host name, on http and https, and never reaches the instances', async () => {
    const before = [...served];
    const plain = (host: string) =>
      new Promise<string>((resolve) => {
        http
          .get({ host: '127.0.0.1', port: httpPort, path: '/api/health', headers: { host } }, (response) => resolve(`answered ${response.statusCode}`))
          .once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });
    // 444: the connection is closed without a word
    expect(await plain('evil.example')).toBe('ECONNRESET');
    expect(await plain('127.0.0.1')).toBe('ECONNRESET');
    // a TLS hello for another name is refused before any certificate is shown
    await expect(request('127.0.0.1', 'GET', '/api/health', { servername: 'evil.example' })).rejects.toThrow(/unrecognized name/i);
    // the shop's name in the hello, another in Host: no answer either
    await expect(request('127.0.0.1', 'GET', '/api/health', { headers: { host: 'evil.example' } })).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(served).toEqual(before);
    // the shop's own name still answers
    expect((await request('127.0.0.1', 'GET', '/api/health')).status).toBe(200);
  });

  it("sets X-Forwarded-Host itself: a client's own never reaches the shop's links", async () => {
    const sitemap = await request('127.0.0.1', 'GET', '/sitemap.xml', { headers: { 'x-forwarded-host': 'evil.example' } });
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain(`<loc>${proxyUrl}/</loc>`);
    expect(sitemap.body).not.toContain('evil.example');
  });

  it('hands a request id to the shop, which sends it back', async () => {
    const answer = await request('127.0.0.1', 'GET', '/api/health');
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(await nginx.errorLog()).not.toMatch(/\[(error|crit|alert|emerg)\]/);
  });
});
