import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DiscountPreview, DiscountPreviewInput } from '#common/schemas/discounts.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { linesKey, type CheckoutLine } from '../checkout-rules.ts';

const previewDiscounts = (input: DiscountPreviewInput, signal?: AbortSignal): Promise<DiscountPreview> =>
  apiRequest<DiscountPreview>('POST', '/api/discounts/preview', input, signal);

/**
 * The cart's discounts as the server works them out (decision 058): automatic ones need no code,
 * and only the server knows which lines they apply to. Undefined until it answers.
 */
export function useDiscountPreview(lines: readonly CheckoutLine[], couponCode: string | null): DiscountPreview | undefined {
  const { data } = useQuery({
    queryKey: ['/api/discounts/preview', linesKey(lines), couponCode ?? ''],
    queryFn: ({ signal }) =>
      previewDiscounts(
        {
          items: lines.map((line) => ({ productId: line.product.id, ...(line.variantId ? { variantId: line.variantId } : {}), quantity: line.quantity })),
          couponCode,
        },
        signal,
      ),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  return lines.length > 0 ? data : undefined;
}
