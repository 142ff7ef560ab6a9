import type { Brand } from '#common/schemas/catalog.ts';

const byName = (a: Brand, b: Brand) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** Shop: All Brands, then featured brands, then the others; each group by name. */
export function brandOptionGroups(brands: readonly Brand[]): { featured: Brand[]; others: Brand[] } {
  return {
    featured: brands.filter((brand) => brand.isFeatured).sort(byName),
    others: brands.filter((brand) => !brand.isFeatured).sort(byName),
  };
}

/** "{n} product" / "{n} products". */
export function productCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'product' : 'products'}`;
}

/** The /shop address for a brand and search term (either may be absent). */
export function shopPath(brandId: number | null, search: string): string {
  const params = new URLSearchParams();
  if (brandId !== null) params.set('brand', String(brandId));
  if (search) params.set('search', search);
  const query = params.toString();
  return query ? `/shop?${query}` : '/shop';
}
