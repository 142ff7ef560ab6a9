import { useMutation } from '@tanstack/react-query';
import type { GiftCardBalance } from '#common/schemas/gift-cards.ts';
import { apiRequest } from '#client/lib/api-client.ts';

const checkBalance = (code: string): Promise<GiftCardBalance> => apiRequest<GiftCardBalance>('POST', '/api/gift-cards/balance', { code });

/** The balance page's check; the server limits how many an address may make a minute. */
export function useCheckBalance() {
  return useMutation({ mutationFn: checkBalance });
}
