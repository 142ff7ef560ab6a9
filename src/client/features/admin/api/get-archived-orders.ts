import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView } from '#common/schemas/orders.ts';
import { getJson } from '#client/lib/api-client.ts';

/** spec/admin.md §8: a failed read gives the generic "Failed to fetch archived orders". */
export async function getArchivedOrders(): Promise<OrderView[]> {
  try {
    return await getJson<OrderView[]>('/api/orders/archived');
  } catch (error) {
    console.error(error);
    throw new Error('Failed to fetch archived orders');
  }
}

export const archivedOrdersQueryOptions = () => queryOptions({ queryKey: ['/api/orders/archived'], queryFn: getArchivedOrders });

export function useArchivedOrders() {
  return useQuery(archivedOrdersQueryOptions());
}
