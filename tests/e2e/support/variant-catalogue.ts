import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { brands, products } from '#server/db/schema.ts';
import { openImageStore } from '#server/modules/media/image-store-service.ts';
import { seedDatabase } from '#server/seed/seed.ts';
import { insertProductWithVariants } from '#server/test/catalog-fixtures.ts';
import { VARIANT_PADDLE } from './variant-paddle.ts';

// Run by playwright.config.ts before the e2e server starts: the demo catalogue (as the server would
// load it) plus one paddle sold in variants, which the demo catalogue does not have yet. Its name
// sorts after the demo products and its total stock is above 40, so tests that pick "a product in
// stock" from the list keep finding the demo products they did before.

const config = loadConfig();
const dataDir = path.resolve(config.DATA_DIR);
await mkdir(dataDir, { recursive: true });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir, embedded: config.EMBEDDED_DATABASE, timeouts: config });
await database.migrate();
const images = await openImageStore(config, dataDir);
await seedDatabase(database.db, { mode: config.SEED, images });
const db = database.db;
const [existing] = await db.select({ id: products.id }).from(products).where(eq(products.name, VARIANT_PADDLE.name));
if (!existing) {
  const pictures = await db
    .select({ url: products.imageUrl })
    .from(products)
    .where(and(isNotNull(products.imageUrl), eq(products.isDeleted, false)))
    .limit(3);
  const [brand] = await db.select({ id: brands.id }).from(brands).limit(1);
  await insertProductWithVariants(db, {
    ...VARIANT_PADDLE,
    brandId: brand?.id ?? null,
    images: pictures.map((picture, index) => ({ url: picture.url!, alt: `${VARIANT_PADDLE.name}, ${['face', 'edge', 'handle'][index]}` })),
  });
}
await Promise.all([database.close(), images.close()]);
