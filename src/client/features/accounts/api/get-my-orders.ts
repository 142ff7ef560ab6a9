import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView } from '#common/schemas/orders.ts';
import { getJson } from '#client/lib/api-client.ts';

export const MY_ORDERS_URL = '/api/orders/my-orders';

const getMyOrders = (): Promise<OrderView[]> => getJson<OrderView[]>(MY_ORDERS_URL);

const myOrdersQueryOptions = () => queryOptions({ queryKey: [MY_ORDERS_URL], queryFn: getMyOrders });

/** Only asked for when logged in. */
export function useMyOrders(enabled: boolean) {
  return useQuery({ ...myOrdersQueryOptions(), enabled });
}
