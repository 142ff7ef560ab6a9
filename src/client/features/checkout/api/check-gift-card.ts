import { useMutation } from '@tanstack/react-query';
import type { GiftCardBalance } from '#common/schemas/gift-cards.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** The balance page's check (rate-limited by the server): what a code holds before checkout spends it. */
const checkGiftCard = (code: string): Promise<GiftCardBalance> => apiRequest<GiftCardBalance>('POST', '/api/gift-cards/balance', { code });

export function useCheckGiftCard() {
  return useMutation({ mutationFn: checkGiftCard });
}
