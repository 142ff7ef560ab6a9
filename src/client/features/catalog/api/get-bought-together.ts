import { useQuery } from '@tanstack/react-query';
import type { BoughtTogetherItem } from '#common/schemas/bought-together.ts';
import { getJson } from '#client/lib/api-client.ts';

/** Asked only once the row is near the screen (`enabled`), like the related products: never the page's first concern. */
export function useBoughtTogether(id: number, enabled: boolean) {
  const url = `/api/products/${id}/bought-together`;
  return useQuery({ queryKey: [url], queryFn: () => getJson<BoughtTogetherItem[]>(url), enabled });
}
