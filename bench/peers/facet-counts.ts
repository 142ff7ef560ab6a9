// Whether both answers count the same thing: the facet values each returns with a count above zero,
// named "facet=value" in the Vendure import's terms (catalogue.ts), and how many counts agree.

interface ShopListing {
  facets: Array<{ key: string; values: Array<{ value: string; label: string; count: number }> }>;
  categories: Array<{ name: string; count: number }>;
}
interface VendureCounts {
  facetValues?: Array<{ count: number; facetValue: { name: string; facet: { name: string } } }>;
}

interface FacetCountCheck {
  shop: number;
  vendure: number;
  /** values both return with the same count */
  same: number;
  /** a few of the values that differ, for the log */
  differing: string[];
}

function shopCounts(listing: ShopListing): Map<string, number> {
  const counts = new Map<string, number>();
  for (const facet of listing.facets)
    for (const value of facet.values) {
      // catalogue.ts names brands, price bands and the approval by their labels, spec and option terms by value
      const name = facet.key.includes('.') ? value.value : value.label;
      if (value.count > 0) counts.set(`${facet.key}=${name}`, value.count);
    }
  for (const category of listing.categories) if (category.count > 0) counts.set(`type=${category.name}`, category.count);
  return counts;
}

/**
 * Vendure's counts; with the faceted listing's extra searches (vendure-queries.ts), a chosen facet's
 * counts come from the search that leaves it out.
 */
function vendureCounts(data: Record<string, VendureCounts>): Map<string, number> {
  const from = (answer: VendureCounts | undefined, facets?: string[]) =>
    (answer?.facetValues ?? [])
      .filter(({ facetValue }) => !facets || facets.includes(facetValue.facet.name))
      .map(({ count, facetValue }) => [`${facetValue.facet.name}=${facetValue.name}`, count] as const);
  const alone = ['brands', 'material', 'types'].filter((alias) => data[alias]);
  const chosen = { brands: ['brand'], material: ['f.face_material'], types: ['type'] } as Record<string, string[]>;
  const replaced = alone.flatMap((alias) => chosen[alias]!);
  return new Map([
    ...from(data.search).filter(([name]) => !replaced.includes(name.slice(0, name.indexOf('=')))),
    ...alone.flatMap((alias) => from(data[alias], chosen[alias])),
  ]);
}

export function compareFacetCounts(shopText: string, vendureText: string): FacetCountCheck {
  const ours = shopCounts(JSON.parse(shopText) as ShopListing);
  const theirs = vendureCounts((JSON.parse(vendureText) as { data: Record<string, VendureCounts> }).data);
  const names = new Set([...ours.keys(), ...theirs.keys()]);
  const differing = [...names].filter((name) => ours.get(name) !== theirs.get(name));
  return {
    shop: ours.size,
    vendure: theirs.size,
    same: names.size - differing.length,
    differing: differing.slice(0, 8).map((name) => `${name}: ${ours.get(name) ?? '-'} / ${theirs.get(name) ?? '-'}`),
  };
}
