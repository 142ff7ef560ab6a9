import type { FastifyInstance } from 'fastify';

/**
 * OpenTelemetry traces to an OTLP/HTTP collector (OTEL_EXPORTER_OTLP_ENDPOINT; decision 055): a span per
 * request with its route and hooks (@fastify/otel, Fastify's own instrumentation), and one per PostgreSQL
 * query under it. Every package is imported here, at run time, and this file only when the endpoint is
 * set: a shop without tracing loads none of it. Install before the routes, which it wraps as they are added.
 */
export async function installTracing(app: FastifyInstance, endpoint: string): Promise<void> {
  const [
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { FastifyOtelInstrumentation },
    { PgInstrumentation },
    pg,
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@fastify/otel'),
    import('@opentelemetry/instrumentation-pg'),
    import('pg'),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME ?? 'pickleball-shop' }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // the async context that makes a query's span a child of its request's, and W3C traceparent from proxies
  provider.register();

  const fastify = new FastifyOtelInstrumentation({ registerOnInitialization: false });
  fastify.setTracerProvider(provider);
  await app.register(fastify.plugin());

  // The server's bundle imports pg as an ES module, which module hooks do not see: patch the loaded
  // module itself with the instrumentation's own patches (the client's queries, the pool's connects).
  const postgres = new PgInstrumentation({ enabled: false });
  postgres.setTracerProvider(provider);
  const loaded: Record<string, unknown> = { pg: pg.default, 'pg-pool': Object.getPrototypeOf(pg.default.Pool) };
  for (const definition of postgres.getModuleDefinitions()) {
    const exports = loaded[definition.name];
    if (exports) definition.patch?.(exports);
  }

  app.addHook('onClose', async () => {
    await provider.shutdown();
  });
}
