import { useQuery } from '@tanstack/react-query';
import type { CatalogItem } from '#common/schemas/catalog-listing.ts';
import { getJson } from '#client/lib/api-client.ts';

/** Asked only once the row is near the screen (`enabled`): it is never the page's first concern. */
export function useRelatedProducts(id: number, enabled: boolean) {
  return useQuery({ queryKey: [`/api/products/${id}/related`], queryFn: () => getJson<CatalogItem[]>(`/api/products/${id}/related`), enabled });
}
