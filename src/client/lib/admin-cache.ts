import type { QueryClient } from '@tanstack/react-query';

// The admin screens share query keys with the storefront ('/api/products', '/api/brands/featured', ...),
// so refreshing by URL prefix also brings the shop's own pages up to date at once.

const startsWithAny = (prefixes: string[]) => (query: { queryKey: readonly unknown[] }) => {
  const first = query.queryKey[0];
  return typeof first === 'string' && prefixes.some((prefix) => first.startsWith(prefix));
};

/** Brands and products: lists, featured lists and single pages. */
export function invalidateCatalog(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: startsWithAny(['/api/products', '/api/brands', '/api/image-manager']) });
}

/** After any order change both the active and the archived lists are refreshed. */
export function invalidateOrders(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: startsWithAny(['/api/orders']) });
}
