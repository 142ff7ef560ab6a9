import { z } from 'zod';
import { CatalogItem } from './catalog-listing.ts';

// The home page the owner arranges (decision 061): an ordered list of sections of a few kinds, saved whole.
// The sections say what to show; GET /api/home answers them resolved (the grids' products, the tiles'
// pictures, the reviews) in one read.

export const MAX_HOME_SECTIONS = 20;
export const MAX_GRID_PRODUCTS = 12;
const MAX_PICKED_PRODUCTS = 24;
export const MAX_CATEGORY_TILES = 12;
export const MAX_STRIP_REVIEWS = 8;
const MAX_RICH_TEXT = 4000;

export const HOME_SECTION_KINDS = ['hero', 'categories', 'products', 'reviews', 'finder', 'brands', 'text', 'features'] as const;
export type HomeSectionKind = (typeof HOME_SECTION_KINDS)[number];

export const PRODUCT_RULES = ['bestsellers', 'new_arrivals', 'top_rated', 'featured', 'hand_picked'] as const;
export type ProductRule = (typeof PRODUCT_RULES)[number];

/** What the admin calls each kind and rule. */
export const HOME_SECTION_LABELS: Readonly<Record<HomeSectionKind, string>> = {
  hero: 'Hero and featured carousel',
  categories: 'Category tiles',
  products: 'Product grid',
  reviews: 'Review strip',
  finder: 'Paddle finder invitation',
  brands: 'Featured brands',
  text: 'Rich text',
  features: 'Feature blocks',
};
export const PRODUCT_RULE_LABELS: Readonly<Record<ProductRule, string>> = {
  bestsellers: 'Bestsellers',
  new_arrivals: 'New arrivals',
  top_rated: 'Top rated',
  featured: 'Featured',
  hand_picked: 'Hand-picked',
};

const id = z.string().regex(/^[a-z0-9-]{1,40}$/, 'Section id must be 1-40 lowercase letters, digits or dashes');
const title = z.string().trim().max(120, 'Title must be at most 120 characters');
const slug = z.string().trim().min(1).max(100);
const count = (max: number) =>
  z.number({ error: 'Count must be a number' }).int('Count must be a whole number').min(1, 'Count must be at least 1').max(max, `Count must be at most ${max}`);

const Hero = z.object({ id, kind: z.literal('hero'), carousel: z.boolean() }).strict();
const Categories = z
  .object({ id, kind: z.literal('categories'), title, typeSlugs: z.array(slug).max(MAX_CATEGORY_TILES, `At most ${MAX_CATEGORY_TILES} categories`) })
  .strict();
const Products = z
  .object({
    id,
    kind: z.literal('products'),
    title,
    rule: z.enum(PRODUCT_RULES, { error: `Rule must be one of ${PRODUCT_RULES.join(', ')}` }),
    /** only products of this type (the rules; a hand-picked list is what it names) */
    typeSlug: slug.nullable(),
    count: count(MAX_GRID_PRODUCTS),
    productIds: z
      .array(z.number().int().positive('Product ids are positive whole numbers'))
      .max(MAX_PICKED_PRODUCTS, `At most ${MAX_PICKED_PRODUCTS} products`),
  })
  .strict();
const Reviews = z.object({ id, kind: z.literal('reviews'), title, count: count(MAX_STRIP_REVIEWS) }).strict();
const Finder = z.object({ id, kind: z.literal('finder') }).strict();
const Brands = z.object({ id, kind: z.literal('brands') }).strict();
const Text = z.object({ id, kind: z.literal('text'), title, body: z.string().max(MAX_RICH_TEXT, `Text must be at most ${MAX_RICH_TEXT} characters`) }).strict();
const Features = z.object({ id, kind: z.literal('features') }).strict();

export const HomeSection = z.discriminatedUnion('kind', [Hero, Categories, Products, Reviews, Finder, Brands, Text, Features], {
  error: (issue) => (issue.code === 'invalid_union' ? `Section kind must be one of ${HOME_SECTION_KINDS.join(', ')}` : undefined),
});
export type HomeSection = z.infer<typeof HomeSection>;

const HomeSections = z
  .array(HomeSection)
  .max(MAX_HOME_SECTIONS, `At most ${MAX_HOME_SECTIONS} sections`)
  .refine((sections) => new Set(sections.map((section) => section.id)).size === sections.length, 'Each section needs its own id');

/** The layout as saved; version counts saves, so a save made from an older copy is refused (409). */
export const HomeLayout = z.object({ version: z.number().int(), sections: HomeSections, updatedAt: z.string() });
export type HomeLayout = z.infer<typeof HomeLayout>;

export const HomeLayoutInput = z.object({ version: z.number().int().min(1), sections: HomeSections }).strict();
export type HomeLayoutInput = z.infer<typeof HomeLayoutInput>;

export const HomePreviewInput = z.object({ sections: HomeSections }).strict();

export const HomeCategoryTile = z.object({ slug: z.string(), name: z.string(), imageUrl: z.string().nullable(), count: z.number().int() });
export type HomeCategoryTile = z.infer<typeof HomeCategoryTile>;

export const HomeReview = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  author: z.string(),
  productName: z.string(),
  productSlug: z.string(),
});
export type HomeReview = z.infer<typeof HomeReview>;

/** A section as the storefront draws it: its settings and what they resolved to. */
export const HomeSectionView = z.discriminatedUnion('kind', [
  Hero,
  Categories.extend({ tiles: z.array(HomeCategoryTile) }),
  Products.extend({ products: z.array(CatalogItem) }),
  Reviews.extend({ reviews: z.array(HomeReview) }),
  Finder,
  Brands,
  Text,
  Features,
]);
export type HomeSectionView = z.infer<typeof HomeSectionView>;

export const HomeView = z.object({ sections: z.array(HomeSectionView) });
export type HomeView = z.infer<typeof HomeView>;
