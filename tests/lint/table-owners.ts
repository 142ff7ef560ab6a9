// Each table has one owning module, which alone inserts, updates and deletes its rows; other modules call its
// service. `tests/lint/table-writers.test.ts` holds the server's code to this (docs/architecture.md).
// Owners outside the modules are the layers below them: `http` (its rate-limit store, the session secret)
// and `db` (the claim on a scheduled run).

export const TABLE_OWNERS: Record<string, string> = {
  users: 'accounts',
  sessions: 'accounts',
  password_reset_tokens: 'accounts',
  email_change_tokens: 'accounts',
  login_failures: 'accounts',
  recovery_codes: 'accounts',
  pending_logins: 'accounts',
  account_security_settings: 'accounts',
  staff_invitations: 'accounts',
  brands: 'catalog-admin',
  products: 'catalog-admin',
  slug_redirects: 'catalog-admin',
  product_types: 'catalog-admin',
  attribute_definitions: 'catalog-admin',
  option_types: 'catalog-admin',
  option_values: 'catalog-admin',
  product_type_options: 'catalog-admin',
  product_images: 'catalog-admin',
  product_variants: 'catalog-admin',
  variant_option_values: 'catalog-admin',
  product_attribute_values: 'catalog-admin',
  site_settings: 'content',
  contact_info: 'content',
  policies: 'content',
  coupons: 'coupons',
  coupon_customer_uses: 'coupons',
  email_outbox: 'mail',
  email_templates: 'mail',
  orders: 'orders',
  order_items: 'orders',
  order_events: 'orders',
  order_shipments: 'orders',
  order_shipment_lines: 'orders',
  paddle_finder_rules: 'paddle-finder',
  refunds: 'payments',
  processed_payment_events: 'payments',
  order_returns: 'returns',
  reviews: 'reviews',
  review_photos: 'reviews',
  review_votes: 'reviews',
  stock_reservations: 'stock',
  stock_ledger: 'stock',
  audit_events: 'audit',
  coupon_reservations: 'stock',
  saved_addresses: 'addresses',
  stock_alerts: 'stock-alerts',
  wishlist_items: 'wishlist',
  shipping_zones: 'shipping',
  shipping_methods: 'shipping',
  shipping_settings: 'shipping',
  shipping_boxes: 'shipping',
  search_synonyms: 'search',
  search_term_days: 'search',
  home_page: 'home',
  newsletter_subscribers: 'newsletter',
  gift_cards: 'gift-cards',
  gift_card_ledger: 'gift-cards',
  gift_card_holds: 'gift-cards',
  gift_card_deliveries: 'gift-cards',
  checkout_recoveries: 'checkout-recovery',
  checkout_recovery_settings: 'checkout-recovery',
  report_orders: 'reports',
  report_daily_sales: 'reports',
  report_daily_items: 'reports',
  report_top_totals: 'reports',
  report_daily_tax: 'reports',
  report_daily_coupons: 'reports',
  report_rollup_state: 'reports',
  rate_limit_hits: 'http',
  app_secrets: 'http',
  scheduled_runs: 'db',
};

interface DeclaredWriter {
  /** the file, from src/server */
  file: string;
  tables: string[];
  why: string;
}

/** Writes from outside a table's owner that are meant: each names its reason. */
export const DECLARED_WRITERS: DeclaredWriter[] = [
  {
    file: 'modules/checkout/place-order.ts',
    tables: [
      'orders',
      'order_items',
      'stock_reservations',
      'coupon_reservations',
      'product_variants',
      'products',
      'coupons',
      'stock_ledger',
      'coupon_customer_uses',
    ],
    why:
      'placing an order is one statement: the quota check, the order and its lines, the stock taken (and its ledger entries) and the coupon use, ' +
      'all or nothing under one lock order (decisions 002 and 014; measured in docs/performance.md)',
  },
  {
    file: 'modules/stock/stock-service.ts',
    tables: ['product_variants', 'products', 'coupons', 'coupon_customer_uses'],
    why: 'giving back what the order statement took (stock and coupon uses) when a reservation ends, in the same lock order as taking it',
  },
  {
    file: 'modules/reviews/product-rating.ts',
    tables: ['products'],
    why: "the product row's rating_average and rating_count are the reviews' summary, kept in the review's own transaction (decision 025)",
  },
];
