import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginOptions, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FastifyLoggerStreamDestination } from 'fastify/types/logger.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { publicOrigin, type Config } from './config.ts';
import { buildServices, type AppDeps, type AppServices } from './services.ts';
import { installControlCharacterGuard } from './http/control-characters.ts';
import { installErrorHandling } from './http/errors.ts';
import { installEtags } from './http/etag.ts';
import { COMPRESSION_OPTIONS } from './http/compression.ts';
import { installOpenApi } from './http/openapi.ts';
import { installRouteSchemas } from './http/route-schemas.ts';
import { installSecurityHeaders, shopHelmetOptions } from './http/security-headers.ts';
import { loggerOptions, REQUEST_ID_HEADER, requestId, requestLogger } from './http/logging.ts';
import { databaseRateLimitStore } from './http/rate-limit-store.ts';
import { installOriginCheck } from './http/origin-check.ts';
import { installCacheInvalidation } from './http/cache-invalidation.ts';
import { installResponseCache, TTL_MS as RESPONSE_CACHE_TTL_MS } from './http/response-cache.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { installSessions, SESSION_COOKIE } from './modules/accounts/session-cookie.ts';
import { createPageRenderer, isRenderedPage } from './modules/pages/page-renderer.ts';
import { createPageSettings } from './modules/pages/page-settings.ts';
import { loadPageTemplate } from './modules/pages/page-template.ts';
import { accountFromOrderRoutes } from './modules/accounts/account-from-order-routes.ts';
import { accountChangeRoutes } from './modules/accounts/account-changes-routes.ts';
import { twoFactorRoutes } from './modules/accounts/two-factor-routes.ts';
import { addressRoutes } from './modules/addresses/addresses-routes.ts';
import { passwordResetRoutes } from './modules/accounts/password-reset-routes.ts';
import { userAdminRoutes } from './modules/accounts/user-admin-routes.ts';
import { staffAdminRoutes, staffInvitationRoutes } from './modules/accounts/staff-routes.ts';
import { catalogAdminRoutes } from './modules/catalog-admin/admin-routes.ts';
import { optionAxisAdminRoutes } from './modules/catalog-admin/option-axis-admin-routes.ts';
import { productTypeAdminRoutes } from './modules/catalog-admin/product-type-admin-routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { contentAdminRoutes } from './modules/content/admin-routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { homeRoutes } from './modules/home/home-routes.ts';
import { homeAdminRoutes } from './modules/home/home-admin-routes.ts';
import { couponAdminRoutes } from './modules/coupons/admin-routes.ts';
import { shippingAdminRoutes } from './modules/shipping/shipping-admin-routes.ts';
import { deliveryPromiseRoutes } from './modules/shipping/delivery-promise-routes.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist-routes.ts';
import { carrierLabelRoutes, carrierWebhookRoutes } from './modules/shipping/carrier-routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { diagnosticsRoutes } from './modules/diagnostics/routes.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { openHoldsAdminRoutes } from './modules/checkout/open-holds-routes.ts';
import { createCheckoutSettings } from './modules/checkout/checkout-service.ts';
import { validateCouponRoutes } from './modules/coupons/validate-coupon-routes.ts';
import { imageManagerRoutes } from './modules/image-manager/routes.ts';
import { emailTemplateRoutes } from './modules/mail/email-template-routes.ts';
import { outboxAdminRoutes } from './modules/mail/outbox-admin-routes.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter-routes.ts';
import { giftCardRoutes } from './modules/gift-cards/gift-card-routes.ts';
import { checkoutRecoveryRoutes } from './modules/checkout-recovery/checkout-recovery-routes.ts';
import { stockAlertRoutes } from './modules/stock-alerts/stock-alert-routes.ts';
import { stockLedgerRoutes } from './modules/stock/stock-ledger-routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { customerOrderRoutes } from './modules/orders/customer-order-routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { refundAdminRoutes } from './modules/payments/refund-routes.ts';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook-routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { orderAdminRoutes } from './modules/orders/admin-routes.ts';
import { orderFulfilmentRoutes } from './modules/orders/fulfilment-routes.ts';
import { reportRoutes } from './modules/reports/report-routes.ts';
import { returnAdminRoutes } from './modules/returns/admin-routes.ts';
import { returnRoutes } from './modules/returns/routes.ts';
import { reviewAdminRoutes } from './modules/reviews/admin-routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { paddleFinderAdminRoutes } from './modules/paddle-finder/admin-routes.ts';
import { paddleFinderRoutes } from './modules/paddle-finder/routes.ts';
import { searchAdminRoutes } from './modules/search/search-admin-routes.ts';
import { auditRoutes } from './modules/audit/audit-routes.ts';
import { installAuditTrail } from './modules/audit/audit-trail.ts';
import { installRequestMetrics, metricsRoutes } from './modules/metrics/metrics-routes.ts';
import { createShopMetrics } from './modules/metrics/metrics-service.ts';
import { runningShopBackupRoutes } from './modules/backup/backup-routes.ts';

const BODY_LIMIT = 1024 * 1024;

interface BuildAppOptions extends AppDeps {
  sessionSecret: string;
  /** Built client to serve with SPA fallback; null in API-only tests. */
  clientDir: string | null;
  /** true: log to stdout; a stream: log there (tests read what would be logged). */
  logger?: boolean | { stream: FastifyLoggerStreamDestination };
}

/** The app, and the services its routes were handed (tests sign order links or run the expiry with them). */
export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; services: AppServices }> {
  const { sessionSecret, clientDir, logger = false, ...deps } = options;
  const app = Fastify({
    logger: logger && loggerOptions(deps.config.LOG_LEVEL, logger === true ? undefined : logger.stream),
    bodyLimit: BODY_LIMIT,
    // only the configured hops or proxy addresses: X-Forwarded-For is otherwise whatever the client says,
    // and no per-IP limit could hold
    trustProxy: trustedProxies(deps.config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: requestId,
    ...(logger && { childLoggerFactory: requestLogger }),
    requestIdHeader: false,
    // a client trickling its headers or body cannot hold a connection for ever: 408 and close
    requestTimeout: deps.config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: deps.config.HEADERS_TIMEOUT_MS,
      // Node checks those two timeouts this often (30 s by default); short timeouts need finer checks
      connectionsCheckingInterval: timeoutCheckInterval(deps.config.REQUEST_TIMEOUT_MS, deps.config.HEADERS_TIMEOUT_MS),
    },
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // loaded only when a collector is configured: no cost on the default path
  if (deps.config.OTEL_EXPORTER_OTLP_ENDPOINT) await (await import('./tracing.ts')).installTracing(app, deps.config.OTEL_EXPORTER_OTLP_ENDPOINT);
  installRouteSchemas(app);
  installErrorHandling(app);
  installControlCharacterGuard(app);
  // only when scraped (METRICS_TOKEN set): otherwise no request pays for the timing
  const metrics = deps.config.METRICS_TOKEN
    ? createShopMetrics({ driver: deps.database.driver, poolStats: () => deps.database.poolStats?.() ?? null, queueDepth: () => services.mail.queueDepth() })
    : null;
  if (metrics) installRequestMetrics(app, metrics);
  // first hook of all: a cached catalogue read or rendered page skips the rest (docs/performance.md, decision 021); off
  // in tests, which write to the database directly
  const cacheResponses = (deps.config.RESPONSE_CACHE ?? (deps.config.NODE_ENV === 'production' ? 'on' : 'off')) === 'on';
  const responseCache = installResponseCache(app, {
    enabled: cacheResponses,
    pages: clientDir === null ? undefined : { isPage: isRenderedPage, sessionCookie: SESSION_COOKIE },
    onLookup: metrics?.responseCache,
  });
  // the owner's settings, kept as long as the response cache keeps its reads: in production also when it is
  // off (RESPONSE_CACHE=off reads every page and catalogue answer afresh, not the settings; decision 089); off
  // in tests unless they turn the cache on, as they write settings to the database directly
  const settingsKeptMs = cacheResponses || deps.config.NODE_ENV === 'production' ? RESPONSE_CACHE_TTL_MS : 0;
  // what every rendered page reads besides its own data (the site settings)
  const pageSettings = createPageSettings({ cacheMs: settingsKeptMs });
  // every payment creation, tax preview and product page's delivery line prices with these: emptied here by
  // the owner's writes (before the answer leaves) and by any write on another instance
  const checkoutSettings = createCheckoutSettings(deps.db, { cacheMs: settingsKeptMs });
  // emptied by every successful write here (the checkout settings by the owner's only: checkouts do not
  // change them) and by any write on another instance on this database
  // the shop listing's metadata (types, brands, spec filters, axes) the catalogue reads keep (built with the
  // services below, decision 064): emptied like the checkout settings, by staff writes and other instances' writes
  const catalogKeeps: { clear(): void }[] = [];
  installCacheInvalidation(app, deps.database, [
    responseCache,
    pageSettings,
    { clear: () => checkoutSettings.clear(), emptiedBy: (request) => request.user?.role != null },
    { clear: () => catalogKeeps.forEach((kept) => kept.clear()), emptiedBy: (request) => request.user?.role != null },
  ]);
  await installSecurityHeaders(app, shopHelmetOptions);
  await app.register(compress, COMPRESSION_OPTIONS);
  installEtags(app);
  await app.register(cookie, { secret: sessionSecret });
  // counters in the database: every instance on it enforces the same limits
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(deps.db, app.log), skipOnError: true });
  installOriginCheck(app, deps.config.PUBLIC_URL);
  installSessions(app, deps.db);
  // before any route is added: it notes which routes are admin-only as they are declared (decision 053)
  const auditTrail = installAuditTrail(app, deps.db);

  const services = buildServices(app, deps, sessionSecret, checkoutSettings, metrics?.checkoutDeclined);
  catalogKeeps.push(services.catalog);
  await installOpenApi(app);
  await app.register(
    async (api) => {
      for (const { tag, register } of apiModules(deps, services, auditTrail)) {
        // each capability is one section of the API reference
        await api.register(async (module) => {
          module.addHook('onRoute', (route) => {
            route.schema = { ...route.schema, tags: [tag] };
          });
          await register(module);
        });
      }
    },
    { prefix: '/api' },
  );

  // uploaded images live at /uploads/<file>, beside the client rather than under /api
  await app.register(mediaRoutes, { images: deps.images });
  await app.register(metricsRoutes, { metrics, token: deps.config.METRICS_TOKEN });
  // the embedded database's files are the running shop's alone: it takes their backup (npm run backup)
  if (deps.database.driver === 'pglite' || deps.database.embeddedPostgres) {
    const images = deps.config.S3_BUCKET ? 's3' : 'local';
    await app.register(runningShopBackupRoutes, { database: deps.database, dataDir: path.resolve(deps.config.DATA_DIR), images });
  }
  const renderPage =
    clientDir === null
      ? null
      : createPageRenderer(app, {
          template: loadPageTemplate(clientDir),
          origin: publicOrigin(deps.config),
          sessionCookie: SESSION_COOKIE,
          settings: pageSettings,
        });
  // /products/<id> and former slugs redirect to the slug page; /sitemap.xml, /robots.txt (docs/decisions/024)
  await app.register(seoRoutes, { db: deps.db, config: deps.config });
  serveClient(app, clientDir, (request, reply) => renderPage?.(request, reply) ?? reply.status(404).send({ message: 'Not found' }));
  return { app, services };
}

function timeoutCheckInterval(...timeouts: number[]): number {
  const shortest = Math.min(...timeouts.filter((timeout) => timeout > 0));
  return Number.isFinite(shortest) ? Math.max(250, Math.min(30_000, Math.floor(shortest / 4))) : 30_000;
}

/**
 * A hop count becomes "the n nearest addresses are proxies", as Express reads it (Fastify itself
 * refuses to trust any hop for a bare number). The client is then the address right before them,
 * whatever the client wrote further left in X-Forwarded-For.
 */
function trustedProxies(setting: Config['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** One route plugin under /api: its section of the API reference, and its registration with what it declares it needs. */
interface ApiRoutes {
  tag: string;
  register: (module: FastifyInstance) => PromiseLike<unknown>;
}

// NoInfer: the plugin's declared options decide the type, so the object handed over is held to exactly that
function apiRoutes<Deps extends FastifyPluginOptions>(tag: string, routes: FastifyPluginAsyncZod<Deps>, deps: NoInfer<Deps>): ApiRoutes {
  return { tag, register: (module) => module.register(routes, deps) };
}

// Each capability registers its own routes under /api, under its section of the API reference, and is handed
// only what its module declares it needs (its *-deps.ts, or the plugin's own options type)
function apiModules({ config, db, database, images }: AppDeps, services: AppServices, auditTrail: ReturnType<typeof installAuditTrail>): ApiRoutes[] {
  const {
    mail,
    payments,
    tax,
    carrier,
    carrierRates,
    checkoutSettings,
    catalog,
    orderLinks,
    stockAlerts,
    newsletter,
    checkoutRecovery,
    onRestock,
    cancelOrder,
    catalogReferences,
    setProductCover,
  } = services;
  return [
    apiRoutes('Health', healthRoutes, { database }),
    apiRoutes('Accounts', accountsRoutes, { db, config, mail, newsletter }),
    apiRoutes('Accounts', passwordResetRoutes, { db, config, mail }),
    apiRoutes('Accounts', accountChangeRoutes, { db, config, mail }),
    apiRoutes('Accounts', twoFactorRoutes, { db, config }),
    apiRoutes('Accounts: addresses', addressRoutes, { db }),
    apiRoutes('Wishlist', wishlistRoutes, { db }),
    apiRoutes('Accounts', accountFromOrderRoutes, { db, config }),
    apiRoutes('Catalogue', catalogRoutes, { db, catalog }),
    apiRoutes('Content', contentRoutes, { db, config }),
    apiRoutes('Home page', homeRoutes, { db, catalog }),
    apiRoutes('Paddle finder', paddleFinderRoutes, { db }),
    apiRoutes('Admin: catalogue', catalogAdminRoutes, { db, images, onRestock }),
    apiRoutes('Admin: catalogue', productTypeAdminRoutes, { db, images, catalogReferences }),
    apiRoutes('Admin: catalogue', optionAxisAdminRoutes, { db, catalogReferences }),
    apiRoutes('Admin: catalogue', stockLedgerRoutes, { db }),
    apiRoutes('Admin: content', contentAdminRoutes, { db, images }),
    apiRoutes('Admin: home page', homeAdminRoutes, { db, catalog }),
    apiRoutes('Admin: coupons', couponAdminRoutes, { db }),
    apiRoutes('Admin: reports', reportRoutes, { db }),
    apiRoutes('Admin: shipping', shippingAdminRoutes, { db }),
    apiRoutes('Shipping', deliveryPromiseRoutes, { checkoutSettings }),
    apiRoutes('Admin: users', userAdminRoutes, { db }),
    apiRoutes('Admin: staff', staffAdminRoutes, { db, config, mail }),
    apiRoutes('Accounts', staffInvitationRoutes, { db, config }),
    apiRoutes('Admin: orders', orderAdminRoutes, { db, mail, cancelOrder }),
    apiRoutes('Admin: orders', orderFulfilmentRoutes, { db, mail }),
    apiRoutes('Admin: orders', carrierLabelRoutes, { db, mail, carrier }),
    apiRoutes('Shipping', carrierWebhookRoutes, { db, carrier }),
    apiRoutes('Admin: orders', refundAdminRoutes, { payments }),
    apiRoutes('Admin: orders', returnAdminRoutes, { db, payments }),
    apiRoutes('Admin: orders', openHoldsAdminRoutes, { payments }),
    apiRoutes('Checkout', validateCouponRoutes, { db, config }),
    apiRoutes('Checkout', checkoutRoutes, { db, config, payments, tax, checkoutSettings, carrierRates }),
    apiRoutes('Payments', paymentRoutes, { payments, config }),
    apiRoutes('Payments', stripeWebhookRoutes, { payments, config }),
    apiRoutes('Orders', orderRoutes, { db, orderLinks }),
    apiRoutes('Orders', customerOrderRoutes, { db, config, mail, orderLinks, cancelOrder }),
    apiRoutes('Orders', returnRoutes, { db, mail, orderLinks }),
    apiRoutes('Reviews', reviewRoutes, { db, images }),
    apiRoutes('Admin: reviews', reviewAdminRoutes, { db, mail, config }),
    apiRoutes('Admin: paddle finder', paddleFinderAdminRoutes, { db }),
    apiRoutes('Admin: search', searchAdminRoutes, { db }),
    apiRoutes('Admin: images', imageManagerRoutes, { db, images, setProductCover }),
    apiRoutes('Admin: e-mail outbox', outboxAdminRoutes, { db, mail }),
    apiRoutes('Admin: e-mail templates', emailTemplateRoutes, { db, mail }),
    apiRoutes('Back-in-stock alerts', stockAlertRoutes, { db, config, stockAlerts }),
    apiRoutes('Newsletter', newsletterRoutes, { db, config, newsletter }),
    apiRoutes('Newsletter', checkoutRecoveryRoutes, { db, checkoutRecovery }),
    apiRoutes('Gift cards', giftCardRoutes, { db }),
    apiRoutes('Admin: diagnostics', diagnosticsRoutes, { db, config, payments }),
    apiRoutes('Admin: audit', auditRoutes, { db, writeFailures: auditTrail.writeFailures }),
  ];
}

/** The built client's files, and every other page address answered by `answerPage` (server-rendered storefront, or the shell). */
function serveClient(
  app: FastifyInstance,
  clientDir: string | null,
  answerPage: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | FastifyReply,
): void {
  const hasClient = clientDir !== null && existsSync(path.join(clientDir, 'index.html'));
  if (clientDir !== null && hasClient) {
    // the client's build is its hashed bundles under /assets/ (the shell, index.html, is only ever sent as a
    // page): one wildcard route, where a route per file took nearly 200 routes' set-up from every start
    app.register(fastifyStatic, {
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      index: false,
      // hashed bundles never change
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const isPage = (request: FastifyRequest) =>
    clientDir !== null &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api/') &&
    !path.extname(request.url.split('?')[0] ?? '');
  // Pages are a route too, not only the not-found handler: compression is added to routes (onRoute), so
  // pages answered by the handler alone went out uncompressed. Routes that pass on (callNotFound) still reach it.
  if (clientDir !== null)
    app.get('/*', { schema: { hide: true } }, async (request, reply) => (isPage(request) ? answerPage(request, reply) : reply.callNotFound()));
  app.setNotFoundHandler(async (request, reply) => (isPage(request) ? answerPage(request, reply) : reply.status(404).send({ message: 'Not found' })));
}
