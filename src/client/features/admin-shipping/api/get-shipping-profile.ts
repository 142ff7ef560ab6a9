import { useQuery } from '@tanstack/react-query';
import type { ShippingProfileView } from '#common/schemas/shipping.ts';
import { getJson } from '#client/lib/api-client.ts';

export const SHIPPING_URL = '/api/admin/shipping';

/** The Shipping tab's zones, their methods and the shop's time zone. */
export function useShippingProfile() {
  return useQuery({ queryKey: [SHIPPING_URL], queryFn: () => getJson<ShippingProfileView>(SHIPPING_URL) });
}
