import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  SIGNUP_PENDING_MESSAGE,
  SIGNUP_UNCONFIRMED_MESSAGE,
  type StockAlertDemand,
  type StockAlertSignup,
  type StockAlertSignupResult,
} from '#common/schemas/stock-alerts.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { optionValues, products, productVariants, siteSettings, stockAlerts, variantOptionValues } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors/domain-errors.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import { sendBackInStockEmail, sendStockAlertConfirmation } from '#server/modules/mail/stock-alert-mail-service.ts';
import type { VariantRestock } from '#server/modules/stock/stock-service.ts';
import type { StockAlertLinks } from './stock-alert-links.ts';

export { createStockAlertLinks } from './stock-alert-links.ts';

const DEFAULT_STOCK_ALERT_FACTOR = 3;

export interface StockAlertDeps {
  db: Database;
  mail: MailService;
  links: StockAlertLinks;
  /** the shop's public address, for the product link in the e-mail */
  publicBase: string;
}

/** The variant as an e-mail names it: the product and, when it has options, their labels. */
async function describeVariant(db: Database | Transaction, variantId: number) {
  const [row] = await db
    .select({ productId: products.id, name: products.name, stock: productVariants.stock, isDeleted: products.isDeleted })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  if (!row) return null;
  const labels = await db
    .select({ label: optionValues.label })
    .from(variantOptionValues)
    .innerJoin(optionValues, eq(optionValues.id, variantOptionValues.optionValueId))
    .where(eq(variantOptionValues.variantId, variantId))
    .orderBy(asc(variantOptionValues.optionTypeId));
  const itemName = labels.length ? `${row.name} - ${labels.map((l) => l.label).join(', ')}` : row.name;
  return { ...row, itemName };
}

const productUrl = (base: string, productId: number, variantId: number) => new URL(`/products/${productId}?variant=${variantId}`, base).toString();

/**
 * "Notify me": one sign-up per address and variant. The signed-in customer's own account address
 * counts as confirmed; any other address gets a confirmation e-mail first (double opt-in). Signing
 * up again while waiting changes nothing; after an alert or an unsubscribe it starts a new place at
 * the end of the queue.
 */
export async function signUpForStockAlert(
  deps: StockAlertDeps,
  input: StockAlertSignup,
  user: { id: number; email: string | null } | null,
): Promise<StockAlertSignupResult> {
  const variant = await describeVariant(deps.db, input.variantId);
  if (!variant || variant.isDeleted) throw notFound('Product not found');
  if (variant.stock > 0) throw conflict('This option is in stock: add it to your cart instead');
  const ownAddress = user?.email != null && user.email.toLowerCase() === input.email;
  const status = ownAddress ? 'pending' : 'unconfirmed';
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stockAlerts)
      .values({ variantId: input.variantId, email: input.email, userId: user?.id ?? null, status, confirmedAt: ownAddress ? new Date() : null })
      .onConflictDoUpdate({
        target: [stockAlerts.variantId, stockAlerts.email],
        // a finished sign-up (alerted or unsubscribed) starts over at the end; a waiting one keeps its place
        set: {
          status: sql`case when ${stockAlerts.status} in ('notified', 'unsubscribed') or (${stockAlerts.status} = 'unconfirmed' and ${status} = 'pending') then ${status} else ${stockAlerts.status} end`,
          signedUpAt: sql`case when ${stockAlerts.status} in ('notified', 'unsubscribed') then now() else ${stockAlerts.signedUpAt} end`,
          notifiedAt: sql`case when ${stockAlerts.status} in ('notified', 'unsubscribed') then null else ${stockAlerts.notifiedAt} end`,
          userId: sql`coalesce(${stockAlerts.userId}, excluded.user_id)`,
        },
      })
      .returning({ id: stockAlerts.id, status: stockAlerts.status });
    if (row!.status === 'pending') return { status: 'pending', message: SIGNUP_PENDING_MESSAGE };
    await sendStockAlertConfirmation(deps.mail, tx, input.email, {
      itemName: variant.itemName,
      productUrl: productUrl(deps.publicBase, variant.productId, input.variantId),
      actionUrl: deps.links.url('confirm', row!.id),
    });
    return { status: 'unconfirmed', message: SIGNUP_UNCONFIRMED_MESSAGE };
  });
}

/** The confirmation link: unconfirmed becomes pending (once); answers where to send the shopper. */
export async function confirmStockAlert(db: Database, alertId: number): Promise<{ productId: number; variantId: number }> {
  await db
    .update(stockAlerts)
    .set({ status: 'pending', confirmedAt: new Date() })
    .where(and(eq(stockAlerts.id, alertId), eq(stockAlerts.status, 'unconfirmed')));
  const [row] = await db
    .select({ variantId: stockAlerts.variantId, productId: productVariants.productId })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .where(eq(stockAlerts.id, alertId));
  if (!row) throw notFound('This alert no longer exists');
  return row;
}

/** Unsubscribe: a sign-up not yet alerted never will be; an alerted one stays alerted (it was its only e-mail). */
export async function unsubscribeStockAlert(db: Database, alertId: number): Promise<void> {
  const [row] = await db.select({ id: stockAlerts.id }).from(stockAlerts).where(eq(stockAlerts.id, alertId));
  if (!row) throw notFound('This alert no longer exists');
  await db
    .update(stockAlerts)
    .set({ status: 'unsubscribed' })
    .where(and(eq(stockAlerts.id, alertId), inArray(stockAlerts.status, ['unconfirmed', 'pending'])));
}

/**
 * The restock hook (stock-service.ts OnRestock), in the restocking transaction: for each variant
 * back from 0, the earliest confirmed sign-ups, at most units x the owner's factor, become
 * 'notified' in one conditional update (a concurrent restock skips the rows this one holds) and get
 * their e-mail, in sign-up order.
 */
export async function alertRestockedVariants(deps: StockAlertDeps, tx: Transaction, restocks: VariantRestock[]): Promise<void> {
  const [settings] = await tx.select({ factor: siteSettings.stockAlertFactor }).from(siteSettings).limit(1);
  const factor = settings?.factor ?? DEFAULT_STOCK_ALERT_FACTOR;
  for (const restock of restocks) {
    const limit = restock.units * factor;
    if (limit <= 0) continue;
    const next = tx
      .select({ id: stockAlerts.id })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.variantId, restock.variantId), eq(stockAlerts.status, 'pending')))
      .orderBy(asc(stockAlerts.signedUpAt), asc(stockAlerts.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const notified = await tx
      .update(stockAlerts)
      .set({ status: 'notified', notifiedAt: new Date() })
      .where(and(inArray(stockAlerts.id, next), eq(stockAlerts.status, 'pending')))
      .returning({ id: stockAlerts.id, email: stockAlerts.email, signedUpAt: stockAlerts.signedUpAt });
    if (notified.length === 0) continue;
    const variant = await describeVariant(tx, restock.variantId);
    if (!variant) continue;
    notified.sort((a, b) => a.signedUpAt.getTime() - b.signedUpAt.getTime() || a.id - b.id);
    for (const alert of notified) {
      await sendBackInStockEmail(deps.mail, tx, alert.email, {
        itemName: variant.itemName,
        productUrl: productUrl(deps.publicBase, variant.productId, restock.variantId),
        actionUrl: '',
        unsubscribeUrl: deps.links.url('unsubscribe', alert.id),
      });
    }
  }
}

/** The admin's demand: confirmed sign-ups waiting, per variant of a product. */
export async function stockAlertDemand(db: Database, productId: number): Promise<StockAlertDemand> {
  return db
    .select({ variantId: stockAlerts.variantId, waiting: count() })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .where(and(eq(productVariants.productId, productId), eq(stockAlerts.status, 'pending')))
    .groupBy(stockAlerts.variantId)
    .orderBy(asc(stockAlerts.variantId));
}
