import { useQuery } from '@tanstack/react-query';
import type { CarrierStatus } from '#common/schemas/shipping.ts';
import { getJson } from '#client/lib/api-client.ts';

const CARRIER_URL = '/api/admin/shipping/carrier';

/** Whether the carrier API is configured: carrier-calculated methods are offered only then (decision 057). */
export function useCarrierStatus() {
  return useQuery({ queryKey: [CARRIER_URL], queryFn: () => getJson<CarrierStatus>(CARRIER_URL), staleTime: 5 * 60_000 });
}
