import net from 'node:net';

/**
 * A TCP proxy for fault tests: the app talks to the database through it, and the test makes the
 * network misbehave without touching the database server.
 */
export interface TcpProxy {
  readonly host: string;
  readonly port: number;
  /** Connections currently open through the proxy. */
  readonly connections: number;
  /** Stop forwarding bytes either way; sockets stay open (a black-holed network). New connections hang too. A peer closing its end still closes the pair. */
  stall(): void;
  /** Forward again, including the bytes held back during the stall. */
  resume(): void;
  /** Destroy every open connection at once (a restarted database or a broken network path). */
  dropAll(): void;
  /** Stop listening, so new connections are refused (ECONNREFUSED); open ones are left alone. Listen again on false. */
  refuse(on: boolean): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let stalled = false;

  // While stalled, bytes are read and held rather than forwarded: the peers see silence, and the
  // proxy still notices a peer closing its end (as the kernel would).
  const held = new Map<net.Socket, Buffer[]>();
  const forward = (from: net.Socket, to: net.Socket) => {
    held.set(from, []);
    from.on('data', (chunk) => {
      if (stalled) held.get(from)!.push(chunk);
      else to.write(chunk);
    });
  };
  const flush = (from: net.Socket, to: net.Socket) => {
    for (const chunk of held.get(from) ?? []) to.write(chunk);
    held.set(from, []);
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      pairs.delete(pair);
      held.delete(client);
      held.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });

  await listen(0);
  const { port } = server.address() as net.AddressInfo;

  const proxy: TcpProxy = {
    host: '127.0.0.1',
    port,
    get connections() {
      return pairs.size;
    },
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const { client, upstream } of pairs) {
        flush(client, upstream);
        flush(upstream, client);
      }
    },
    dropAll() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    async refuse(on) {
      // close() stops accepting at once; its callback would wait for the open connections to end
      if (on && server.listening) server.close();
      if (!on && !server.listening) await listen(port);
    },
    async close() {
      proxy.dropAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
