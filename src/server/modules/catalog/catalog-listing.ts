import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { CATALOG_PAGE_SIZE, type CatalogListing, type CatalogQuery, type CatalogSort } from '#common/schemas/catalog-listing.ts';
import type { Database } from '#server/db/client.ts';
import { brands, products } from '#server/db/schema.ts';
import { centsToDecimal, toCents } from '#common/money.ts';
import { PRICE_BANDS, planFacets, type FacetDef } from './catalog-facets.ts';
import { exactMatches, typoMatches, type SearchPlan } from './catalog-search.ts';
import { toProductRating, toProductView } from './catalog-views.ts';
import { productColumns } from './catalog-views.ts';

// The shop page's listing: one page of products under every chosen facet, the facets' counts and the
// categories'. A facet value's count is taken under all the OTHER facets' filters (the "disjunctive"
// count): ticking a second brand adds to the list, so each brand shows what it would add.

function sortOrder(sort: CatalogSort, relevance: SQL[]): SQL[] {
  const order: Record<CatalogSort, SQL[]> = {
    featured: relevance.length ? relevance : [desc(products.isFeatured)],
    newest: [sql`coalesce(${products.releaseDate}, ${products.createdAt}) desc`],
    price_asc: [asc(products.price)],
    price_desc: [desc(products.price)],
    name: [],
    // unrated products last; among equal averages, the more reviewed first
    top_rated: [sql`${products.ratingAverage} desc nulls last`, desc(products.ratingCount)],
  };
  // sold-out products after the available ones, whatever the sort
  return [sql`${products.stock} > 0 desc`, ...order[sort], asc(products.name), asc(products.id)];
}

const all = (conditions: (SQL | undefined)[]): SQL => {
  const list = conditions.filter((condition): condition is SQL => condition !== undefined);
  return list.length ? sql.join(list, sql` and `) : sql`true`;
};

/** The rows a facet's values are counted over, and the value each row counts for. */
function countingFrom(facet: FacetDef): { from: SQL; value: SQL; distinct: boolean; filter?: SQL } {
  const counting = facet.counting;
  switch (counting.by) {
    case 'brand':
      return { from: sql`base`, value: sql`base.brand_id::text`, distinct: false };
    case 'price': {
      const bands = sql.join(
        PRICE_BANDS.map((band) => sql`(${band.value}::text, ${band.min / 100}::numeric, ${band.max === null ? null : band.max / 100}::numeric)`),
        sql`, `,
      );
      return {
        from: sql`base join (values ${bands}) band(value, lo, hi) on base.price >= band.lo and (band.hi is null or base.price < band.hi)`,
        value: sql`band.value`,
        distinct: false,
      };
    }
    case 'in_stock':
      return { from: sql`base`, value: sql`case when base.stock > 0 then '1' end`, distinct: false };
    case 'usapa':
      return { from: sql`base`, value: sql`case when base.usapa_status = 'approved' then '1' end`, distinct: false };
    case 'terms': {
      const prefix = `${facet.key}=`;
      return {
        from: sql`base cross join unnest(base.facet_values) term`,
        value: sql`substr(term, ${prefix.length + 1})`,
        distinct: false,
        filter: sql`left(term, ${prefix.length}) = ${prefix}`,
      };
    }
  }
}

interface CountRow {
  facet: string;
  value: string | null;
  count: number;
}

/**
 * Every count in one statement: the candidate products once (a materialized CTE with one flag per chosen
 * facet), then per facet its values grouped under the other facets' flags, the categories under the
 * facets every type shares, and the total.
 */
async function countFacets(db: Database, facets: FacetDef[], typeId: number | null, search: SQL | undefined): Promise<CountRow[]> {
  const active = facets.map((facet, index) => ({ facet, index })).filter(({ facet }) => facet.condition !== undefined);
  const flag = (index: number) => sql.raw(`m${index}`);
  const flags = active.map(({ facet, index }) => sql`(${facet.condition}) as ${flag(index)}`);
  const typeFlag = typeId === null ? sql`true` : sql`${products.productTypeId} = ${typeId}`;
  const others = (except: number | null) => all(active.filter(({ index }) => index !== except).map(({ index }) => sql`base.${flag(index)}`));
  const shared = all(active.filter(({ facet }) => !facet.key.includes('.')).map(({ index }) => sql`base.${flag(index)}`));
  const selects = facets.map((facet, index) => {
    const { from, value, distinct, filter } = countingFrom(facet);
    const count = distinct ? sql`count(distinct base.id)` : sql`count(*)`;
    return sql`select ${facet.key}::text as facet, ${value} as value, ${count}::int as count from ${from} where base.in_type and ${others(index)} ${filter ? sql`and ${filter}` : sql``} group by 2`;
  });
  selects.push(sql`select 'type'::text, base.product_type_id::text, count(*)::int from base where ${shared} group by 2`);
  selects.push(sql`select 'total'::text, null, count(*)::int from base where base.in_type and ${others(null)}`);
  const statement = sql`with base as materialized (
      select ${products.id} as id, ${products.brandId} as brand_id, ${products.price} as price, ${products.stock} as stock,
        ${products.usapaStatus} as usapa_status, ${products.productTypeId} as product_type_id, ${products.facetValues} as facet_values, ${typeFlag} as in_type
        ${flags.length ? sql`, ${sql.join(flags, sql`, `)}` : sql``}
      from ${products} left join ${brands} on ${brands.id} = ${products.brandId}
      where ${products.isDeleted} = false ${search ? sql`and ${search}` : sql``}
    )
    ${sql.join(selects, sql` union all `)}`;
  const result = (await db.execute(statement)) as unknown as { rows: CountRow[] };
  return result.rows;
}

async function pageOfProducts(db: Database, where: SQL, orderBy: SQL[], page: number) {
  const rows = await db
    .select({
      product: productColumns,
      brand: brands,
      priceMax: sql<string>`(select max(pv.price) from product_variants pv where pv.product_id = ${products.id})`,
      variantCount: sql<number>`(select count(*)::int from product_variants pv where pv.product_id = ${products.id})`,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(where)
    .orderBy(...orderBy)
    .limit(CATALOG_PAGE_SIZE)
    .offset((page - 1) * CATALOG_PAGE_SIZE);
  return rows.map(({ product, brand, priceMax, variantCount }) => {
    const view = toProductView(product, brand);
    const max = toCents(priceMax);
    return { ...view, ...toProductRating(product), priceMax: Number.isNaN(max) ? view.price : centsToDecimal(max), variantCount: Number(variantCount) };
  });
}

/** GET /api/catalog: a page of the shop under its facets and search, with every facet's counts. */
export async function listCatalog(db: Database, query: CatalogQuery): Promise<CatalogListing> {
  const { type, facets, types } = await planFacets(db, query);
  const sort = query.sort ?? 'featured';
  const page = Math.max(1, query.page ?? 1);
  const search = query.q?.trim();
  const plans: (SearchPlan | null)[] = search ? [exactMatches(search), typoMatches(search)] : [null];
  let counts: CountRow[] = [];
  let plan: SearchPlan | null = null;
  for (const candidate of plans) {
    plan = candidate;
    counts = await countFacets(db, facets, type?.id ?? null, candidate?.where);
    if (counts.some((row) => row.facet === 'total' && row.count > 0)) break;
  }
  const total = counts.find((row) => row.facet === 'total')?.count ?? 0;
  const pageCount = Math.ceil(total / CATALOG_PAGE_SIZE);
  const where = and(
    eq(products.isDeleted, false),
    type ? eq(products.productTypeId, type.id) : undefined,
    plan?.where,
    ...facets.map((facet) => facet.condition),
  )!;
  const items = total > 0 && page <= pageCount ? await pageOfProducts(db, where, sortOrder(sort, plan?.orderBy ?? []), page) : [];
  const countOf = (facet: string, value: string) => counts.find((row) => row.facet === facet && row.value === value)?.count ?? 0;
  return {
    items,
    total,
    page,
    pageCount,
    sort,
    facets: facets
      .map((facet) => ({
        key: facet.key,
        name: facet.name,
        kind: facet.kind,
        values: facet.values
          .map((value) => ({ ...value, count: countOf(facet.key, value.value) }))
          // a value nothing has is noise, unless it is chosen (the shopper must be able to untick it)
          .filter((value) => value.count > 0 || facet.selected.includes(value.value) || facet.kind === 'price'),
      }))
      .filter(
        (facet) =>
          facet.values.some((value) => value.count > 0) ||
          facet.values.some((value) => facets.find((f) => f.key === facet.key)!.selected.includes(value.value)),
      ),
    categories: types.map((row) => ({ ...row, count: countOf('type', String(row.id)) })).filter((row) => row.count > 0 || row.id === type?.id),
  };
}
