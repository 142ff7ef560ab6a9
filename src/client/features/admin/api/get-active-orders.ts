import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView } from '#common/schemas/orders.ts';
import { getJson } from '#client/lib/api-client.ts';

export const getActiveOrders = (): Promise<OrderView[]> => getJson<OrderView[]>('/api/orders/active');

export const activeOrdersQueryOptions = () => queryOptions({ queryKey: ['/api/orders/active'], queryFn: getActiveOrders });

export function useActiveOrders() {
  return useQuery(activeOrdersQueryOptions());
}
