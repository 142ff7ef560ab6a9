import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// TaxJar faked at the network edge. Answers POST /v2/taxes like TaxJar does,
// at a fixed combined rate per destination state, or fails on demand.

export interface FakeTaxjar {
  url: string;
  /** combined rate per destination state (fraction); states not listed have no nexus */
  rates: Record<string, number>;
  /** 'ok', a TaxJar error answer (500), or never answering */
  mode: 'ok' | 'error' | 'hang';
  /** the destination taxes shipping too, at the same rate (breakdown.shipping says how much) */
  freightTaxable: boolean;
  requests: Array<{ authorization: string | undefined; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function startFakeTaxjar(): Promise<FakeTaxjar> {
  const fake: FakeTaxjar = {
    url: '',
    rates: {},
    mode: 'ok',
    freightTaxable: false,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      fake.requests.push({ authorization: request.headers.authorization, body });
      if (fake.mode === 'hang') return;
      response.setHeader('content-type', 'application/json');
      if (request.url !== '/v2/taxes' || request.method !== 'POST') {
        response.statusCode = 404;
        return response.end(JSON.stringify({ error: 'Not Found', detail: 'No such route', status: 404 }));
      }
      if (fake.mode === 'error') {
        response.statusCode = 500;
        return response.end(JSON.stringify({ error: 'Internal Server Error', detail: 'Something went wrong', status: 500 }));
      }
      const state = String(body.to_state);
      const rate = fake.rates[state] ?? 0;
      const amount = Number(body.amount);
      const shippingTax = fake.freightTaxable ? Math.round(Number(body.shipping) * rate * 100) / 100 : 0;
      const toCollect = (Math.round(amount * rate * 100) + Math.round(shippingTax * 100)) / 100;
      response.end(
        JSON.stringify({
          tax: {
            order_total_amount: amount + Number(body.shipping),
            shipping: Number(body.shipping),
            taxable_amount: rate > 0 ? amount : 0,
            amount_to_collect: toCollect,
            rate,
            has_nexus: rate > 0,
            freight_taxable: fake.freightTaxable,
            ...(fake.freightTaxable && { breakdown: { shipping: { taxable_amount: Number(body.shipping), tax_collectable: shippingTax } } }),
            tax_source: 'destination',
            jurisdictions: { country: 'US', state },
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
