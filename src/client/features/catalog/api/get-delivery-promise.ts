import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryPromise } from '#common/delivery-promise.ts';
import { getJson } from '#client/lib/api-client.ts';

const DELIVERY_PROMISE_URL = '/api/shipping/promise';

/** Read by the product page's loader on the server too, so the rendered line and the hydrated one are the same answer. */
export const deliveryPromiseQueryOptions = () =>
  queryOptions({
    queryKey: [DELIVERY_PROMISE_URL],
    queryFn: ({ meta }) => getJson<DeliveryPromise>(DELIVERY_PROMISE_URL, { meta }),
    // the dispatch day turns at the cut-off: a page left open re-reads it now and then
    staleTime: 60_000,
  });

export function useDeliveryPromise() {
  return useQuery(deliveryPromiseQueryOptions());
}
