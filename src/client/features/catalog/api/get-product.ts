import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '#common/schemas/catalog.ts';
import { getJson, type ReadContext } from '#client/lib/api-client.ts';

/** `key`: the product's id or its slug; the API takes either. */
const getProduct = (key: number | string, { meta }: ReadContext = {}): Promise<ProductDetail> => getJson<ProductDetail>(`/api/products/${key}`, { meta });

export const productQueryOptions = (key: number | string) =>
  queryOptions({ queryKey: [`/api/products/${key}`], queryFn: ({ meta }) => getProduct(key, { meta }) });

/** `key` is null when the address holds neither an id nor a slug: nothing is asked, the page shows "Product Not Found". */
export function useProduct(key: number | string | null) {
  return useQuery({ ...productQueryOptions(key ?? 0), enabled: key !== null });
}
