import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminProductRow } from '#common/schemas/admin-product-list.ts';
import type { ProductTypeSummary } from '#common/schemas/catalog-model.ts';
import { getJson, withQuery } from '#client/lib/api-client.ts';
import { getPage } from '#client/lib/get-page.ts';

// What the discount form's eligibility pickers offer: the shop's product types (a short list, read whole)
// and products found by name or SKU (the catalogue can be large, so it is searched, not listed).

export function useProductTypeChoices() {
  return useQuery({
    queryKey: ['/api/product-types', 'discount-choices'],
    queryFn: ({ signal }) => getJson<ProductTypeSummary[]>(withQuery('/api/product-types', { pageSize: 200 }), { signal }),
  });
}

/** Up to 10 products whose name or SKU contains the text; nothing until two characters are typed. */
export function useProductSearch(text: string) {
  const q = text.trim();
  return useQuery({
    // under /api/products: every catalogue write refreshes it
    queryKey: ['/api/products', 'discount-choices', q],
    queryFn: () => getPage<AdminProductRow>('/api/admin/products', { q, pageSize: 10 }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}
