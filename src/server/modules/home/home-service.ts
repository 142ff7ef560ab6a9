import { and, eq, sql } from 'drizzle-orm';
import type { CatalogItem } from '#common/schemas/catalog-listing.ts';
import type { HomeLayout, HomeLayoutInput, HomeSection, HomeSectionView, HomeView } from '#common/schemas/home.ts';
import type { Database } from '#server/db/client.ts';
import { homePage } from '#server/db/schema.ts';
import { conflict, invalidInput } from '#server/errors/domain-errors.ts';
import type { CatalogReads } from '#server/modules/catalog/catalog-service.ts';
import { categoryTiles, productIdsByRule, recentReviews, unknownProductIds, unknownTypeSlugs } from './home-reads.ts';

// The home page's sections (decision 061): saved whole by the owner, read resolved by the storefront.

/** What a shop shows when its row is missing (a database older than the migration's row never is; this is the same list). */
const TODAYS_HOME: HomeSection[] = [
  { id: 'hero', kind: 'hero', carousel: true },
  { id: 'finder', kind: 'finder' },
  { id: 'brands', kind: 'brands' },
  { id: 'features', kind: 'features' },
];

/** The demo shop's home page: what a new visitor to a pickleball shop looks for first. */
const DEMO_HOME: HomeSection[] = [
  { id: 'hero', kind: 'hero', carousel: true },
  { id: 'categories', kind: 'categories', title: 'Shop by category', typeSlugs: [] },
  { id: 'top-paddles', kind: 'products', title: 'Top-rated paddles', rule: 'top_rated', typeSlug: 'paddles', count: 4, productIds: [] },
  { id: 'bestsellers', kind: 'products', title: 'Bestsellers', rule: 'bestsellers', typeSlug: null, count: 4, productIds: [] },
  { id: 'new-arrivals', kind: 'products', title: 'New arrivals', rule: 'new_arrivals', typeSlug: null, count: 4, productIds: [] },
  { id: 'reviews', kind: 'reviews', title: 'What players say', count: 3 },
  { id: 'finder', kind: 'finder' },
  { id: 'brands', kind: 'brands' },
  { id: 'features', kind: 'features' },
];

export async function getHomeLayout(db: Database): Promise<HomeLayout> {
  const [row] = await db.select().from(homePage).where(eq(homePage.id, 1));
  if (!row) return { version: 0, sections: TODAYS_HOME, updatedAt: new Date(0).toISOString() };
  return { version: row.version, sections: row.sections, updatedAt: row.updatedAt.toISOString() };
}

/** Every product type and product a section names exists (a 400 naming the first that does not). */
async function checkReferences(db: Database, sections: readonly HomeSection[]): Promise<void> {
  const slugs = new Set<string>();
  const ids = new Set<number>();
  for (const section of sections) {
    if (section.kind === 'categories') section.typeSlugs.forEach((slug) => slugs.add(slug));
    if (section.kind === 'products') {
      if (section.typeSlug !== null) slugs.add(section.typeSlug);
      if (section.rule === 'hand_picked') {
        if (section.productIds.length === 0) throw invalidInput(`Invalid home page: "${section.title || 'Product grid'}" needs at least one product`);
        section.productIds.forEach((id) => ids.add(id));
      }
    }
  }
  const [badSlugs, badIds] = await Promise.all([unknownTypeSlugs(db, [...slugs]), unknownProductIds(db, [...ids])]);
  if (badSlugs.length > 0) throw invalidInput(`Invalid home page: no product type "${badSlugs[0]}"`);
  if (badIds.length > 0) throw invalidInput(`Invalid home page: no product ${badIds[0]}`);
}

/**
 * Saves the owner's sections in their order: one conditional update naming the version the owner edited,
 * so of two saves made from the same copy the second is refused (409) rather than silently undoing the first.
 */
export async function saveHomeLayout(db: Database, input: HomeLayoutInput): Promise<HomeLayout> {
  await checkReferences(db, input.sections);
  const [row] = await db
    .update(homePage)
    .set({ sections: input.sections, version: sql`${homePage.version} + 1`, updatedAt: new Date() })
    .where(and(eq(homePage.id, 1), eq(homePage.version, input.version)))
    .returning();
  if (!row) throw conflict('The home page was changed by someone else since you opened it: reload to see their changes');
  return { version: row.version, sections: row.sections, updatedAt: row.updatedAt.toISOString() };
}

/** The demo shop's sections, only over the layout every new shop starts with (never over an owner's save). */
export async function saveDemoHomeLayout(db: Database): Promise<void> {
  await db
    .update(homePage)
    .set({ sections: DEMO_HOME, updatedAt: new Date() })
    .where(and(eq(homePage.id, 1), eq(homePage.version, 1)));
}

async function gridProducts(db: Database, catalog: CatalogReads, section: Extract<HomeSection, { kind: 'products' }>): Promise<CatalogItem[]> {
  const ids =
    section.rule === 'hand_picked' ? section.productIds.slice(0, section.count) : await productIdsByRule(db, section.rule, section.typeSlug, section.count);
  if (ids.length === 0) return [];
  // the catalogue's own cards (prices, ranges, ratings), in the rule's order; a product deleted since is absent
  const byId = new Map((await catalog.listProducts({ ids, page: 1, pageSize: ids.length })).map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function resolveSection(db: Database, catalog: CatalogReads, section: HomeSection): Promise<HomeSectionView> {
  switch (section.kind) {
    case 'categories':
      return { ...section, tiles: await categoryTiles(db, section.typeSlugs) };
    case 'products':
      return { ...section, products: await gridProducts(db, catalog, section) };
    case 'reviews':
      return { ...section, reviews: await recentReviews(db, section.count) };
    default:
      // hero, finder, brands, features and text draw from what every page already reads (site settings, featured lists) or carry their words
      return section;
  }
}

/** Sections resolved for the storefront: the grids' products, the tiles' pictures, the reviews. */
async function resolveHome(db: Database, catalog: CatalogReads, sections: readonly HomeSection[]): Promise<HomeView> {
  return { sections: await Promise.all(sections.map((section) => resolveSection(db, catalog, section))) };
}

/** The storefront's home page, in one read. */
export async function readHome(db: Database, catalog: CatalogReads): Promise<HomeView> {
  return resolveHome(db, catalog, (await getHomeLayout(db)).sections);
}

/** A draft the owner has not saved, resolved as the storefront would show it (the admin's preview). */
export async function previewHome(db: Database, catalog: CatalogReads, sections: readonly HomeSection[]): Promise<HomeView> {
  await checkReferences(db, sections);
  return resolveHome(db, catalog, sections);
}
