import { useQuery } from '@tanstack/react-query';
import type { ShippingDestinations } from '#common/schemas/shipping.ts';
import { getJson } from '#client/lib/api-client.ts';

const DESTINATIONS_URL = '/api/shipping/destinations';

/**
 * The Canadian provinces the owner's zones ship to (docs/decisions/069); until the answer (or if it fails)
 * the form offers the US only, as a shop without a Canadian zone does.
 */
export function useShippingDestinations() {
  return useQuery({ queryKey: [DESTINATIONS_URL], queryFn: () => getJson<ShippingDestinations>(DESTINATIONS_URL), staleTime: 5 * 60_000, retry: false });
}
