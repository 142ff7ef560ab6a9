import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installGracefulShutdown } from './shutdown.ts';

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .once('error', reject);
  });
}

describe('graceful shutdown on SIGTERM', () => {
  it('stops accepting, finishes the request in flight, then releases the pool and exits 0', async () => {
    const steps: string[] = [];
    let finish!: () => void;
    const app = Fastify();
    app.get('/slow', async () => {
      steps.push('request started');
      await new Promise<void>((resolve) => (finish = resolve));
      return { done: true };
    });
    app.addHook('onClose', async () => void steps.push('background work stopped'));
    const signals = new EventEmitter();
    const exited = new Promise<number>((resolve) => {
      installGracefulShutdown(app, {
        signals: signals as unknown as NodeJS.Process,
        release: async () => void steps.push('pool released'),
        exit: resolve,
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const inFlight = get(port, '/slow');
    await expect.poll(() => steps).toContain('request started');
    signals.emit('SIGTERM');
    // no new connection is accepted while the slow request runs
    await expect
      .poll(() =>
        get(port, '/slow').then(
          () => 'answered',
          (error: NodeJS.ErrnoException) => error.code,
        ),
      )
      .toBe('ECONNREFUSED');
    expect(steps).toEqual(['request started']);

    finish();
    expect(await inFlight).toEqual({ status: 200, body: '{"done":true}' });
    expect(await exited).toBe(0);
    expect(steps).toEqual(['request started', 'background work stopped', 'pool released']);
  });

  it('exits 1 when the requests in flight outlast the timeout', async () => {
    const app = Fastify();
    app.get('/stuck', () => new Promise(() => {}));
    const signals = new EventEmitter();
    let released = false;
    const exited = new Promise<number>((resolve) => {
      installGracefulShutdown(app, {
        signals: signals as unknown as NodeJS.Process,
        release: async () => void (released = true),
        exit: resolve,
        timeoutMs: 200,
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    get(port, '/stuck').catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    signals.emit('SIGTERM');
    expect(await exited).toBe(1);
    expect(released).toBe(false);
    app.server.closeAllConnections();
  });
});
