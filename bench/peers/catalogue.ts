// The same catalogue in both shops: generated into ours by bench/catalog-generator.ts, then written
// out as a Vendure import CSV (one row a variant; the product's fields on its first row). Every facet
// the shop's listing filters and counts on is a Vendure facet on the product: brand, type, price band,
// USA Pickleball approval, and the spec and option terms the shop stores on the product row
// (products.facet_values: "f.face_material=Graphite", "o.core_thickness=16 mm", ...). The shop's
// "in stock" count is left out: Vendure knows stock per variant and filters on it (inStock), but
// counts only facets, and stock changes with every order.
import { stringify } from 'csv-stringify/sync';
import { PRICE_BANDS } from '#server/modules/catalog/catalog-facets.ts';
import { generateCatalogue, openGeneratorDatabase } from '../catalog-generator.ts';
import { withClient } from '../postgres-database.ts';

/** Stock the add-to-cart load buys from, on the first products' variants, in both shops. */
const CART_STOCK = 1_000_000;

interface PreparedCatalogue {
  products: number;
  variants: number;
  /** Vendure's import file */
  csv: string;
  productIds: number[];
  /** the variants the add-to-cart load rotates over (well stocked), named by SKU in both shops */
  cartVariants: Array<{ productId: number; variantId: number; sku: string }>;
}

interface VariantRow {
  product_id: number;
  name: string;
  slug: string;
  description: string | null;
  brand: string | null;
  type: string | null;
  usapa: boolean;
  price_cents: number;
  terms: string[];
  variant_id: number;
  sku: string;
  price: string;
  stock: number;
  option_groups: string[];
  option_values: string[];
}

/** Migrates the (empty) shop database, generates `productCount` products into it and exports them. */
export async function prepareCatalogue(databaseUrl: string, productCount: number, cartProducts: number): Promise<PreparedCatalogue> {
  const database = await openGeneratorDatabase(databaseUrl);
  let counts: { products: number; variants: number };
  try {
    await database.migrate();
    counts = await generateCatalogue(database.db, productCount);
  } finally {
    await database.close();
  }
  return withClient(databaseUrl, async (client) => {
    await client.query(
      `with cart as (select id from products order by id limit $1)
       update product_variants set stock = $2 where product_id in (select id from cart)`,
      [cartProducts, CART_STOCK],
    );
    await client.query('update products p set stock = (select sum(stock) from product_variants v where v.product_id = p.id)');
    const { rows } = await client.query<VariantRow>(
      `select p.id as product_id, p.name, p.slug, p.description, b.name as brand, t.name as type,
         p.usapa_status = 'approved' as usapa, round(p.price * 100)::int as price_cents, p.facet_values as terms,
         v.id as variant_id, v.sku, v.price::text as price, v.stock,
         array(select ot.name from variant_option_values vov join option_types ot on ot.id = vov.option_type_id
               where vov.variant_id = v.id order by ot.position, ot.id) as option_groups,
         array(select ov.label from variant_option_values vov join option_types ot on ot.id = vov.option_type_id
               join option_values ov on ov.id = vov.option_value_id where vov.variant_id = v.id order by ot.position, ot.id) as option_values
       from products p left join brands b on b.id = p.brand_id left join product_types t on t.id = p.product_type_id
       join product_variants v on v.product_id = p.id
       order by p.id, v.position, v.id`,
    );
    const records = rows.map((row, index) => {
      const first = index === 0 || rows[index - 1]!.product_id !== row.product_id;
      const facets = first ? vendureFacets(row).join('|') : '';
      return [
        first ? row.name : '',
        first ? row.slug : '',
        first ? (row.description ?? '') : '',
        '',
        facets,
        first ? row.option_groups.join('|') : '',
        row.option_values.join('|'),
        row.sku,
        row.price,
        'Standard Tax',
        String(row.stock),
        'true',
        '',
        '',
      ];
    });
    const header = [
      'name',
      'slug',
      'description',
      'assets',
      'facets',
      'optionGroups',
      'optionValues',
      'sku',
      'price',
      'taxCategory',
      'stockOnHand',
      'trackInventory',
      'variantAssets',
      'variantFacets',
    ];
    const productIds = [...new Set(rows.map((row) => row.product_id))];
    const cartIds = new Set(productIds.slice(0, cartProducts));
    // one variant a product: the load buys different products, as different shoppers would
    const cartVariants = rows
      .filter((row, index) => cartIds.has(row.product_id) && (index === 0 || rows[index - 1]!.product_id !== row.product_id))
      .map((row) => ({ productId: row.product_id, variantId: row.variant_id, sku: row.sku }));
    return { ...counts, csv: stringify([header, ...records]), productIds, cartVariants };
  });
}

/** The shop's price band of a product (its lowest variant price), as catalog-facets.ts counts it. */
function priceBand(cents: number): string {
  return PRICE_BANDS.find((band) => cents >= band.min && (band.max === null || cents < band.max))!.label;
}

/** "facet:value" for Vendure's importer; a shop term "f.shape=Hybrid" becomes the value "Hybrid" of the facet "f.shape". */
function vendureFacets(row: VariantRow): string[] {
  const terms = row.terms.map((term) => {
    const at = term.indexOf('=');
    return `${term.slice(0, at)}:${term.slice(at + 1)}`;
  });
  return [
    ...(row.brand ? [`brand:${row.brand}`] : []),
    ...(row.type ? [`type:${row.type}`] : []),
    `price:${priceBand(row.price_cents)}`,
    ...(row.usapa ? ['usapa:USA Pickleball approved'] : []),
    ...terms,
  ];
}
