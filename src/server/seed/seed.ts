import { count, sql } from 'drizzle-orm';
import { ProductDocument } from '#common/schemas/product-document.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { brands, products, productTypes, users } from '#server/db/schema.ts';
import { insertBrand, saveProductDocument, setBrandFeatured } from '#server/modules/catalog-admin/catalog-admin-service.ts';
import { saveDemoHomeLayout } from '#server/modules/home/home-service.ts';
import { saveContactInfo, savePolicies, saveReturnPolicy, saveSiteSettings } from '#server/modules/content/content-admin-service.ts';
import { ensureSingletonRows, getContactInfo, getPolicies, getReturnPolicy, getSiteSettings } from '#server/modules/content/content-service.ts';
import type { ImageStore } from '#server/modules/media/image-store-service.ts';
import { deleteStoredImage, storeRenderedImage } from '#server/modules/media/media-service.ts';
import { DEMO_BRANDS } from './demo-brands.ts';
import { insertDemoDiscounts } from './demo-discounts.ts';
import { DEMO_CONTACT, DEMO_POLICIES, DEMO_RETURN_POLICY, DEMO_SITE_TEXTS } from './demo-content.ts';
import type { Sharp } from 'sharp';
import { DEMO_PRODUCTS } from './demo-products.ts';

// any constant; it keeps two instances starting on one empty database from both seeding
const SEED_LOCK = 7_310_442;

/**
 * A database that was never used: no brands, no products and no accounts yet (the first
 * admin is created after the seed). An owner who removed every demo product and brand
 * still has an account, so a restart does not bring the demo back.
 */
async function isFreshDatabase(db: Database): Promise<boolean> {
  const [brandRows] = await db.select({ total: count() }).from(brands);
  const [productRows] = await db.select({ total: count() }).from(products);
  const [userRows] = await db.select({ total: count() }).from(users);
  return (brandRows?.total ?? 0) === 0 && (productRows?.total ?? 0) === 0 && (userRows?.total ?? 0) === 0;
}

/**
 * SEED=demo loads the demo catalogue into an empty database (no brands, no
 * products, no accounts); SEED=none, or a database with anything in it, leaves it alone
 * (docs/decisions/012-demo-catalogue-only-on-a-fresh-shop.md).
 * Returns true when the demo catalogue was loaded.
 */
export async function seedDatabase(db: Database, options: { mode: 'demo' | 'none'; images: ImageStore }): Promise<boolean> {
  await ensureSingletonRows(db);
  if (options.mode === 'none' || !(await isFreshDatabase(db))) return false;

  // images first and outside the transaction: drawing them is the slow part
  const drawn = await drawDemoImages(options.images);
  const loaded = await db.transaction(async (tx) => {
    await takeSeedLock(tx);
    if (!(await isFreshDatabase(tx))) return false;
    const deps = { db: tx, images: options.images };
    await insertDemoCatalogue(tx, drawn);
    await insertDemoDiscounts(tx);
    await fillEmptyTexts(deps);
    // the demo opens with category tiles, product grids and reviews (decision 061)
    await saveDemoHomeLayout(tx);
    return true;
  });
  if (!loaded) await Promise.all([...drawn.brands.values(), ...drawn.products.flat()].map((url) => deleteStoredImage(options.images, url)));
  return loaded;
}

/**
 * A second instance waits here for the whole demo to be written. It asks in short tries: one blocking
 * wait would outlast the statement and query timeouts while the first writes the catalogue.
 */
async function takeSeedLock(tx: Transaction): Promise<void> {
  for (;;) {
    const { rows } = (await tx.execute(sql`select pg_try_advisory_xact_lock(${SEED_LOCK}) as locked`)) as { rows: Array<{ locked: boolean }> };
    if (rows[0]?.locked) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface DemoImages {
  brands: Map<string, string>;
  /** per demo product, its gallery's URLs in order */
  products: string[][];
}

async function drawDemoImages(images: ImageStore): Promise<DemoImages> {
  // the drawings and sharp load only when a shop is seeded, not on each of its later starts
  const [{ brandLogoSvg, pictureSvg, rasterize }, { renderStudioShot }] = await Promise.all([import('./demo-images.ts'), import('./drawings/studio.ts')]);
  const store = async (pixels: Promise<Sharp>, nameHint: string) => storeRenderedImage(images, await pixels, nameHint);
  const pictures = DEMO_PRODUCTS.flatMap((product, p) => product.images.map((image, i) => ({ p, i, image, name: product.name })));
  const [brandUrls, pictureUrls] = await Promise.all([
    runLimited(
      DEMO_BRANDS.map((brand) => () => store(rasterize(brandLogoSvg(brand)), `${brand.name} logo`)),
      1,
    ),
    runLimited(
      pictures.map(
        ({ image, name }) =>
          () =>
            store(pictureSvg(image.picture).then(renderStudioShot), name),
      ),
      3,
    ),
  ]);
  const products = DEMO_PRODUCTS.map(() => [] as string[]);
  pictures.forEach(({ p, i }, n) => (products[p]![i] = pictureUrls[n]!));
  return { brands: new Map(DEMO_BRANDS.map((brand, i) => [brand.name, brandUrls[i]!])), products };
}

/** Runs jobs at most `limit` at a time (libuv's pool has 4 threads; more only queues up memory). */
async function runLimited<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

// Written through the catalog and content services, like the admin's forms: one set of rules for both.
interface SeedDeps {
  db: Database;
  images: ImageStore;
}

async function insertDemoCatalogue(tx: Transaction, drawn: DemoImages): Promise<void> {
  const brandIds = new Map<string, number>();
  for (const brand of DEMO_BRANDS) {
    const { id } = await insertBrand(tx, { name: brand.name, description: brand.description, imageUrl: drawn.brands.get(brand.name) ?? null });
    // the featured-brands limit holds for the demo too
    if (brand.isFeatured) await setBrandFeatured(tx, id, true);
    brandIds.set(brand.name, id);
  }
  const typeIds = new Map((await tx.select({ id: productTypes.id, slug: productTypes.slug }).from(productTypes)).map((type) => [type.slug, type.id]));
  // one by one: a product's shared option values (a new shoe size) are created by the first that uses them
  for (const [index, { brand, type, images: pictures, ...product }] of DEMO_PRODUCTS.entries()) {
    const brandId = brandIds.get(brand);
    const productTypeId = typeIds.get(type);
    if (brandId === undefined || productTypeId === undefined) throw new Error(`Demo product ${product.name} names an unknown brand or type: ${brand}, ${type}`);
    const images = pictures.map((picture, i) => ({ url: drawn.products[index]![i]!, alt: picture.alt }));
    await saveProductDocument(
      { db: tx },
      ProductDocument.parse({ ...product, brandId, productTypeId, images }),
      { source: { reason: 'seed', actorUserId: null } },
      tx,
    );
  }
}

/** Shop texts for the demo, written only where the owner has not written their own. */
async function fillEmptyTexts(deps: SeedDeps): Promise<void> {
  const blanksOf = <T extends Record<string, unknown>>(row: Record<string, unknown>, texts: T): Partial<T> =>
    Object.fromEntries(Object.entries(texts).filter(([key]) => row[key] === null || row[key] === '')) as Partial<T>;

  const settingsTexts = blanksOf(await getSiteSettings(deps.db), DEMO_SITE_TEXTS);
  // contact details and policies are saved whole, like their forms: the owner's own lines go back as they are
  const { updatedAt: _contactUpdatedAt, ...contact } = await getContactInfo(deps.db);
  const { updatedAt: _policiesUpdatedAt, ...policy } = await getPolicies(deps.db);
  const contactTexts = blanksOf(contact, DEMO_CONTACT);
  const policyTexts = blanksOf(policy, DEMO_POLICIES);
  if (Object.keys(settingsTexts).length > 0) await saveSiteSettings(deps, settingsTexts, null);
  if (Object.keys(contactTexts).length > 0) await saveContactInfo(deps.db, { ...contact, ...contactTexts });
  if (Object.keys(policyTexts).length > 0) await savePolicies(deps.db, { ...policy, ...policyTexts });
  // the demo's policy promises 30-day returns: the setting that lets customers ask for one says so too
  // (a shop without the demo keeps no returns, 0 days, until its owner chooses a window)
  const returns = await getReturnPolicy(deps.db);
  if (returns.windowDays === 0 && returns.conditions.trim() === '') await saveReturnPolicy(deps.db, DEMO_RETURN_POLICY);
}
