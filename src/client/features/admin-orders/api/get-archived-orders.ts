import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '#common/schemas/admin-lists.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import { getPage, type ListPage } from '#client/lib/get-page.ts';
import type { OrderListParams } from './get-active-orders.ts';

const ARCHIVED_ORDERS_URL = '/api/orders/archived';

/** A failed read gives the generic "Failed to fetch archived orders". */
async function getArchivedOrders(params: OrderListParams): Promise<ListPage<OrderView>> {
  try {
    return await getPage<OrderView>(ARCHIVED_ORDERS_URL, { ...params, pageSize: DEFAULT_PAGE_SIZE });
  } catch (error) {
    console.error(error);
    throw new Error('Failed to fetch archived orders');
  }
}

export const archivedOrdersQueryOptions = (params: OrderListParams) =>
  queryOptions({ queryKey: [ARCHIVED_ORDERS_URL, params], queryFn: () => getArchivedOrders(params), placeholderData: keepPreviousData });
