import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCoupon } from '#common/schemas/admin-coupons.ts';
import { getJson } from '#client/lib/api-client.ts';

export const COUPONS_URL = '/api/coupons';

const getCoupons = (): Promise<AdminCoupon[]> => getJson<AdminCoupon[]>(COUPONS_URL);

const couponsQueryOptions = () => queryOptions({ queryKey: [COUPONS_URL], queryFn: getCoupons });

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}
