import { queryOptions } from '@tanstack/react-query';
import type { PrintOrders } from '#common/schemas/shipments.ts';
import { getJson } from '#client/lib/api-client.ts';

/** The chosen orders' packing slips and their pick list (decision 050). */
export const printOrdersQueryOptions = (ids: readonly number[]) => {
  const url = `/api/admin/orders/print?ids=${ids.join(',')}`;
  return queryOptions({ queryKey: [url], queryFn: () => getJson<PrintOrders>(url) });
};
