import type { Suggestions } from '#common/schemas/search.ts';
import { formatPrice } from '#common/money.ts';
import { shopSearchPath } from '#client/app/layout/shop-search-path.ts';

type SuggestionGroup = 'Searches' | 'Categories' | 'Brands' | 'Products';

/** One choice in the box's list: where it goes and how it reads. */
export interface SuggestionOption {
  group: SuggestionGroup;
  label: string;
  href: string;
  /** products only */
  detail?: string;
  imageUrl?: string | null;
}

/** The suggestions as one list in the order the box shows them, grouped: searches, categories, brands, products. */
export function suggestionOptions(suggestions: Suggestions): SuggestionOption[] {
  return [
    ...suggestions.queries.map((query) => ({ group: 'Searches' as const, label: query, href: shopSearchPath(query)! })),
    ...suggestions.categories.map((category) => ({
      group: 'Categories' as const,
      label: category.name,
      href: `/shop?type=${encodeURIComponent(category.slug)}`,
    })),
    ...suggestions.brands.map((brand) => ({ group: 'Brands' as const, label: brand.name, href: `/brands/${encodeURIComponent(brand.slug)}` })),
    ...suggestions.products.map((product) => ({
      group: 'Products' as const,
      label: product.name,
      href: `/products/${encodeURIComponent(product.slug)}`,
      detail: [product.brandName, formatPrice(product.price)].filter(Boolean).join(' · '),
      imageUrl: product.imageUrl,
    })),
  ];
}

/** What a screen reader hears when the list changes. */
export function suggestionsAnnouncement(count: number): string {
  if (count === 0) return 'No suggestions';
  return count === 1 ? '1 suggestion. Use the up and down arrows to choose.' : `${count} suggestions. Use the up and down arrows to choose.`;
}
