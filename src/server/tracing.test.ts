import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/test-app.ts';

interface ExportedSpan {
  name: string;
  traceId: string;
  attributes: Array<{ key: string; value: { stringValue?: string } }>;
}

// a collector as the exporter sees one: OTLP/HTTP with JSON bodies at /v1/traces
const received: ExportedSpan[] = [];
let collector: Server;
let endpoint: string;

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const { resourceSpans = [] } = JSON.parse(body) as { resourceSpans?: Array<{ scopeSpans: Array<{ spans: ExportedSpan[] }> }> };
        for (const resource of resourceSpans) for (const scope of resource.scopeSpans) received.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

const attribute = (span: ExportedSpan, key: string) => span.attributes.find((entry) => entry.key === key)?.value.stringValue;

describe('OpenTelemetry tracing', () => {
  it('sends a span for each request, named by its route, to the OTLP endpoint', async () => {
    const t = await createTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
    const res = await t.app.inject({ method: 'GET', url: '/api/brands?page=1' });
    expect(res.statusCode).toBe(200);
    // closing flushes the batch
    await t.close();
    const request = received.find((span) => attribute(span, 'http.route') === '/api/brands');
    expect(request, JSON.stringify(received.map((span) => span.name))).toBeDefined();
    if (t.databaseUrl) {
      // the brands' query, under the request that made it
      const queries = received.filter((span) => span.traceId === request!.traceId && span.name.startsWith('pg.query:SELECT'));
      expect(queries.length).toBeGreaterThan(0);
    }
  });
});
