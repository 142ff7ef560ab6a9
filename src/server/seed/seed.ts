import { count, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { brands, products, users } from '#server/db/schema.ts';
import { ensureSingletonRows } from '#server/db/singleton-rows.ts';
import { insertBrand, setBrandFeatured } from '#server/modules/catalog/brand-admin-service.ts';
import { createProduct } from '#server/modules/catalog/product-admin-service.ts';
import { saveContactInfo, savePolicies, saveSiteSettings } from '#server/modules/content/content-admin-service.ts';
import { getContactInfo, getPolicies, getSiteSettings } from '#server/modules/content/content-service.ts';
import { deleteStoredImage, storeRenderedImage } from '#server/modules/media/media-service.ts';
import { DEMO_BRANDS } from './demo-brands.ts';
import { DEMO_CONTACT, DEMO_POLICIES, DEMO_SITE_TEXTS } from './demo-content.ts';
import { brandLogoSvg, productImageSvg, rasterize } from './demo-images.ts';
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
export async function seedDatabase(db: Database, options: { mode: 'demo' | 'none'; dataDir: string }): Promise<boolean> {
  await ensureSingletonRows(db);
  if (options.mode === 'none' || !(await isFreshDatabase(db))) return false;

  // images first and outside the transaction: drawing them is the slow part
  const images = await drawDemoImages(options.dataDir);
  const loaded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isFreshDatabase(tx))) return false;
    const deps = { db: tx, dataDir: options.dataDir };
    await insertDemoCatalogue(deps, images);
    await fillEmptyTexts(deps);
    return true;
  });
  if (!loaded) await Promise.all([...images.brands.values(), ...images.products.values()].map((url) => deleteStoredImage(options.dataDir, url)));
  return loaded;
}

interface DemoImages {
  brands: Map<string, string>;
  products: Map<string, string>;
}

async function drawDemoImages(dataDir: string): Promise<DemoImages> {
  const accentOf = new Map(DEMO_BRANDS.map((brand) => [brand.name, brand.colors[0]]));
  const draw = async (svg: Buffer, nameHint: string) => storeRenderedImage(dataDir, await rasterize(svg), nameHint);
  const [brandUrls, productUrls] = await Promise.all([
    runLimited(
      DEMO_BRANDS.map((brand) => () => draw(brandLogoSvg(brand), `${brand.name} logo`)),
      2,
    ),
    runLimited(
      DEMO_PRODUCTS.map((product) => () => draw(productImageSvg(product, accentOf.get(product.brand) ?? '#1e40af'), product.name)),
      3,
    ),
  ]);
  return {
    brands: new Map(DEMO_BRANDS.map((brand, i) => [brand.name, brandUrls[i]!])),
    products: new Map(DEMO_PRODUCTS.map((product, i) => [product.sku, productUrls[i]!])),
  };
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
  dataDir: string;
}

async function insertDemoCatalogue(deps: SeedDeps, images: DemoImages): Promise<void> {
  const brandIds = new Map<string, number>();
  for (const brand of DEMO_BRANDS) {
    const { id } = await insertBrand(deps.db, { name: brand.name, description: brand.description, imageUrl: images.brands.get(brand.name) ?? null });
    // the featured-brands limit holds for the demo too
    if (brand.isFeatured) await setBrandFeatured(deps.db, id, true);
    brandIds.set(brand.name, id);
  }
  for (const product of DEMO_PRODUCTS) {
    const brandId = brandIds.get(product.brand);
    if (brandId === undefined) throw new Error(`Demo product ${product.sku} names an unknown brand: ${product.brand}`);
    await createProduct(
      deps,
      {
        brandId,
        name: product.name,
        sku: product.sku,
        price: product.price,
        description: product.description,
        thickness: product.thickness ?? null,
        color: product.color ?? null,
        imageUrl: images.products.get(product.sku) ?? null,
        stock: product.stock,
        releaseDate: `${product.releaseDate}T00:00:00.000Z`,
        isFeatured: product.isFeatured ?? false,
        usapaStatus: 'not_stated',
        usapaCheckedOn: null,
      },
      null,
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
}
