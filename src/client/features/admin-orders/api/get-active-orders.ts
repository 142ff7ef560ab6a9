import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '#common/schemas/admin-lists.ts';
import type { OrderKind } from '#common/schemas/admin-orders.ts';
import type { OrderStatus, OrderView } from '#common/schemas/orders.ts';
import { getPage, type ListPage } from '#client/lib/get-page.ts';

const ACTIVE_ORDERS_URL = '/api/orders/active';

/** Which page of a list of orders, and its filters. */
export interface OrderListParams {
  page: number;
  /** orders that were paid, or checkouts nobody paid; absent: both */
  kind?: OrderKind;
  status?: OrderStatus;
  q?: string;
  /** only orders with a card dispute */
  disputed?: 'true';
  /** only orders with a return waiting for the owner */
  returns?: 'open';
  /** the first and last instants of the chosen days */
  from?: string;
  to?: string;
}

const getActiveOrders = (params: OrderListParams): Promise<ListPage<OrderView>> =>
  getPage<OrderView>(ACTIVE_ORDERS_URL, { ...params, pageSize: DEFAULT_PAGE_SIZE });

export const activeOrdersQueryOptions = (params: OrderListParams) =>
  queryOptions({ queryKey: [ACTIVE_ORDERS_URL, params], queryFn: () => getActiveOrders(params), placeholderData: keepPreviousData });
