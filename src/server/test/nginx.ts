// nginx run from deploy/nginx/shop.conf, as a child process with everything in a folder of its own
// (pid, logs, temporary files), for the reverse-proxy test and the bench's two-instance run.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SHOP_CONF_PATH = fileURLToPath(new URL('../../../deploy/nginx/shop.conf', import.meta.url));

export const shopConf = (): string => readFileSync(SHOP_CONF_PATH, 'utf8');

export function nginxInstalled(): boolean {
  return spawnSync('nginx', ['-v']).status === 0;
}

/** Replaces one exact piece of the config; a config that no longer has it fails loudly instead of testing something else. */
function replaceOnce(conf: string, from: string | RegExp, to: string): string {
  const found = typeof from === 'string' ? conf.includes(from) : from.test(conf);
  if (!found) throw new Error(`deploy/nginx/shop.conf no longer has ${String(from)}: update the test's adaptation`);
  return conf.replace(from, to);
}

/** The upstream block with the instances' real ports in place of 3001 and 3002. */
function withUpstreams(conf: string, ports: number[]): string {
  const servers = ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`).join('\n');
  return replaceOnce(conf, /( {4}server 127\.0\.0\.1:300\d [^\n]*\n)+/, `${servers}\n`);
}

/** shop.conf on loopback ports with a test certificate; nothing else changed. */
export function shopConfOnPorts(conf: string, options: { upstreams: number[]; httpPort: number; httpsPort: number; certificate: string; key: string }): string {
  let adapted = withUpstreams(conf, options.upstreams);
  adapted = replaceOnce(adapted, '    listen 80 default_server;\n', `    listen 127.0.0.1:${options.httpPort} default_server;\n`);
  adapted = replaceOnce(adapted, '    listen [::]:80 default_server;\n', '');
  adapted = replaceOnce(adapted, '    listen 443 ssl http2 default_server;\n', `    listen 127.0.0.1:${options.httpsPort} ssl http2 default_server;\n`);
  adapted = replaceOnce(adapted, '    listen [::]:443 ssl http2 default_server;\n', '');
  adapted = replaceOnce(adapted, '    listen 80;\n', `    listen 127.0.0.1:${options.httpPort};\n`);
  adapted = replaceOnce(adapted, '    listen [::]:80;\n', '');
  adapted = replaceOnce(adapted, '    listen 443 ssl http2;\n', `    listen 127.0.0.1:${options.httpsPort} ssl http2;\n`);
  adapted = replaceOnce(adapted, '    listen [::]:443 ssl http2;\n', '');
  adapted = replaceOnce(adapted, /ssl_certificate \S+;/, `ssl_certificate ${options.certificate};`);
  return replaceOnce(adapted, /ssl_certificate_key \S+;/, `ssl_certificate_key ${options.key};`);
}

/** shop.conf's upstream and location without TLS, on one port: the bench measures the instances, not encryption. */
export function plainShopConf(conf: string, options: { upstreams: number[]; port: number }): string {
  const upstream = /upstream shop \{[\s\S]*?\n\}\n/.exec(withUpstreams(conf, options.upstreams))?.[0];
  const location = /\n {4}location \/ \{[\s\S]*?\n {4}\}\n/.exec(conf)?.[0];
  if (!upstream || !location) throw new Error('deploy/nginx/shop.conf has no "upstream shop" or "location /" block');
  return `${upstream}\nserver {\n    listen 127.0.0.1:${options.port};\n    client_max_body_size 21m;\n${location}}\n`;
}

export interface Nginx {
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

/** A free loopback port (asked from the system, then released for the caller to listen on). */
/** A port nothing listens on now, other than those in `taken` (ports already handed to another server of the test). */
export async function freePort(taken: readonly number[] = []): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    if (!taken.includes(port)) return port;
  }
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** nginx with `site` in its http block, one worker, in the foreground; answers once `port` accepts. */
export async function startNginx(options: { site: string; port: number; files?: Record<string, string> }): Promise<Nginx> {
  const folder = await mkdtemp(path.join(tmpdir(), 'shop-nginx-'));
  for (const [name, text] of Object.entries(options.files ?? {})) await writeFile(path.join(folder, name), text, { mode: 0o600 });
  await writeFile(path.join(folder, 'shop.conf'), options.site);
  const errorLog = path.join(folder, 'error.log');
  await writeFile(
    path.join(folder, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${folder}/nginx.pid;`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '    access_log off;',
      `    client_body_temp_path ${folder}/client-body;`,
      `    proxy_temp_path ${folder}/proxy;`,
      `    include ${folder}/shop.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', folder, '-e', errorLog, '-c', path.join(folder, 'nginx.conf'), '-g', 'daemon off;'];
  const child = spawn('nginx', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  // without nginx on the PATH the spawn fails with an 'error' event, which unheard would end the whole process
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const readLog = () => readFile(errorLog, 'utf8').catch(() => '');
  const stop = async () => {
    if (!spawnError && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(folder, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  // another server on the port answers too: nginx writes its pid file only once it has bound every port, and logs
  // its failure to bind one (it retries for a few seconds, then exits)
  const bound = () =>
    access(path.join(folder, 'nginx.pid')).then(
      () => true,
      () => false,
    );
  const bindFailed = async () => /bind\(\) to .* failed/.test(stderr + (await readLog()));
  while (!(await bound()) || !(await listening(options.port))) {
    if (spawnError || child.exitCode !== null || Date.now() > deadline || (await bindFailed())) {
      const reason = `nginx did not start: ${spawnError ? spawnError.message : stderr + (await readLog())}`;
      await stop();
      throw new Error(reason);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { errorLog: readLog, stop };
}
