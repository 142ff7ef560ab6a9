import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '#common/schemas/catalog.ts';
import { getJson } from '#client/lib/api-client.ts';

const PRODUCTS_URL = '/api/products';

/** The catalogue, for choosing test order items by product. */
const getProductChoices = (): Promise<Product[]> => getJson<Product[]>(PRODUCTS_URL);

const productChoicesQueryOptions = () => queryOptions({ queryKey: [PRODUCTS_URL, 'choices'], queryFn: getProductChoices });

export function useProductChoices() {
  return useQuery(productChoicesQueryOptions());
}
