import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { flatten, type Snapshot } from './audit-diff.ts';
import { isSecretColumn } from './audit-redaction.ts';

/**
 * The entities whose before and after the trail keeps (decision 053): which routes write them, and how to read the
 * fields that matter. Matched on the route's pattern, so a new route on the same addresses (a role change under
 * /users/:id, a product write under /products/:id) is covered without touching this file.
 */
export interface AuditTarget {
  entity: string;
  /** the entity's fields now, or null when it does not exist (before a create, after a delete) */
  snapshot: (db: Database, id: number | null) => Promise<Snapshot | null>;
  /** body fields kept although their name looks secret (a coupon's code is printed on flyers) */
  keepFields?: ReadonlySet<string>;
}

// bookkeeping that changes with every save and says nothing about what the admin did
const NOISE = new Set(['updated_at', 'created_at', 'search_terms', 'facet_values', 'search_vector', 'rating_average', 'rating_count']);

async function row(db: Database, query: SQL): Promise<Record<string, unknown> | null> {
  const result = (await db.execute(query)) as unknown as { rows: Array<{ row: Record<string, unknown> | null }> };
  return result.rows[0]?.row ?? null;
}

function kept(fields: Record<string, unknown> | null): Snapshot | null {
  if (!fields) return null;
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !NOISE.has(name) && !isSecretColumn(name)));
}

/** One row of a table by id, every column but secrets and bookkeeping (so a column added later is covered too). */
const byId = (table: string) => async (db: Database, id: number | null) =>
  id === null ? null : kept(await row(db, sql`select to_jsonb(t) as row from ${sql.identifier(table)} t where t.id = ${id}`));

/** A table of one row (the shop's settings). */
const singleRow = (table: string) => async (db: Database) => kept(await row(db, sql`select to_jsonb(t) as row from ${sql.identifier(table)} t limit 1`));

/** A product and its variants' prices and stock, by SKU: what a price or stock edit changes. */
async function productSnapshot(db: Database, id: number | null): Promise<Snapshot | null> {
  const product = await byId('products')(db, id);
  if (!product) return null;
  const variants = await row(
    db,
    sql`select coalesce(jsonb_object_agg(coalesce(v.sku, v.id::text), jsonb_build_object('price', v.price, 'compare_at_price', v.compare_at_price, 'stock', v.stock)), '{}'::jsonb) as row
        from product_variants v where v.product_id = ${id}`,
  );
  return { ...product, ...flatten({ variants: variants ?? {} }) };
}

/** What the owner's order actions change: status, payment, refunds, tracking. */
async function orderSnapshot(db: Database, id: number | null): Promise<Snapshot | null> {
  if (id === null) return null;
  return kept(
    await row(
      db,
      sql`select jsonb_build_object('status', o.status, 'payment_status', o.payment_status, 'refunded_total', o.refunded_total,
            'tracking_number', o.tracking_number, 'carrier', o.carrier, 'is_archived', o.is_archived) as row
          from orders o where o.id = ${id}`,
    ),
  );
}

const targets: ReadonlyArray<{ route: RegExp } & AuditTarget> = [
  { route: /^\/api\/(admin\/)?products(\/:id(\/document|\/featured)?|\/document)?$/, entity: 'product', snapshot: productSnapshot },
  { route: /^\/api\/(admin\/)?brands(\/:id(\/featured)?)?$/, entity: 'brand', snapshot: byId('brands') },
  { route: /^\/api\/(admin\/)?coupons(\/:id)?$/, entity: 'coupon', snapshot: byId('coupons'), keepFields: new Set(['code']) },
  { route: /^\/api\/(admin\/)?(users|staff)\/:id(\/[a-z-]+)?$/, entity: 'user', snapshot: byId('users') },
  { route: /^\/api\/(admin\/)?orders\/:id(\/[a-z-]+)?$/, entity: 'order', snapshot: orderSnapshot },
  { route: /^\/api\/(admin\/)?site-settings$/, entity: 'site-settings', snapshot: singleRow('site_settings') },
  { route: /^\/api\/(admin\/)?return-policy$/, entity: 'site-settings', snapshot: singleRow('site_settings') },
  { route: /^\/api\/(admin\/)?contact-info$/, entity: 'contact-info', snapshot: singleRow('contact_info') },
  { route: /^\/api\/(admin\/)?policies$/, entity: 'policies', snapshot: singleRow('policies') },
  { route: /^\/api\/admin\/home$/, entity: 'home-page', snapshot: singleRow('home_page') },
  { route: /^\/api\/admin\/security$/, entity: 'security-settings', snapshot: singleRow('account_security_settings') },
  { route: /^\/api\/admin\/staff\/refund-limit$/, entity: 'security-settings', snapshot: singleRow('account_security_settings') },
  { route: /^\/api\/admin\/shipping\/settings$/, entity: 'shipping-settings', snapshot: singleRow('shipping_settings') },
  { route: /^\/api\/admin\/shipping\/zones(\/:zoneId)?$/, entity: 'shipping-zone', snapshot: byId('shipping_zones') },
  { route: /^\/api\/admin\/shipping\/zones\/:zoneId\/methods(\/:id)?$/, entity: 'shipping-method', snapshot: byId('shipping_methods') },
  { route: /^\/api\/admin\/shipping\/boxes(\/:id)?$/, entity: 'shipping-box', snapshot: byId('shipping_boxes') },
  { route: /^\/api\/admin\/gift-cards(\/:id(\/adjust|\/status)?)?$/, entity: 'gift-card', snapshot: byId('gift_cards') },
];

/** The target a route writes, if the trail keeps its before and after. */
export function auditTarget(route: string): AuditTarget | null {
  return targets.find((target) => target.route.test(route)) ?? null;
}
