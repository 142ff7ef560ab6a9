import { useMutation } from '@tanstack/react-query';
import type { CouponResult, ValidateCouponInput } from '#common/schemas/checkout.ts';
import { apiRequest } from '#client/lib/api-client.ts';

const validateCoupon = (input: ValidateCouponInput): Promise<CouponResult> => apiRequest<CouponResult>('POST', '/api/validate-coupon', input);

export function useValidateCoupon() {
  return useMutation({ mutationFn: validateCoupon });
}
