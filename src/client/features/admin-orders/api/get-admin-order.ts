import { queryOptions } from '@tanstack/react-query';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import { getJson } from '#client/lib/api-client.ts';

export const adminOrderUrl = (id: number) => `/api/orders/${id}`;

/** The admin's order page: the order, its refunds, what is left to refund, and its timeline. */
const getAdminOrder = (id: number): Promise<AdminOrderDetail> => getJson<AdminOrderDetail>(adminOrderUrl(id));

export const adminOrderQueryOptions = (id: number) => queryOptions({ queryKey: [adminOrderUrl(id)], queryFn: () => getAdminOrder(id) });
