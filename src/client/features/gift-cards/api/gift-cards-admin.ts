import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminGiftCard, AdminGiftCardDetail } from '#common/schemas/gift-cards.ts';
import { apiRequest, getJson } from '#client/lib/api-client.ts';
import { getPage } from '#client/lib/get-page.ts';

const GIFT_CARDS_URL = '/api/admin/gift-cards';
export const GIFT_CARDS_PAGE_SIZE = 25;

/** What issuing answers: the code, the one time it is ever shown. */
interface IssuedGiftCard {
  id: number;
  code: string;
  balanceCents: number;
}

interface IssueGiftCardInput {
  amountCents: number;
  recipientName?: string;
  recipientEmail?: string;
  message?: string;
}

export function useGiftCards(page: number, q: string) {
  return useQuery({
    queryKey: [GIFT_CARDS_URL, page, q],
    queryFn: () => getPage<AdminGiftCard>(GIFT_CARDS_URL, { page, pageSize: GIFT_CARDS_PAGE_SIZE, q: q || undefined }),
    placeholderData: keepPreviousData,
  });
}

export function useGiftCard(id: number | null) {
  return useQuery({
    queryKey: [GIFT_CARDS_URL, 'card', id],
    queryFn: ({ signal }) => getJson<AdminGiftCardDetail>(`${GIFT_CARDS_URL}/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Every change shows at once in the list and in the card's ledger. */
function useGiftCardChange<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: [GIFT_CARDS_URL] }) });
}

export const useIssueGiftCard = () => useGiftCardChange((input: IssueGiftCardInput) => apiRequest<IssuedGiftCard>('POST', GIFT_CARDS_URL, input));

export const useAdjustGiftCard = (id: number) =>
  useGiftCardChange((input: { amountCents: number; reason: string }) => apiRequest<AdminGiftCard>('POST', `${GIFT_CARDS_URL}/${id}/adjust`, input));

export const useSetGiftCardStatus = (id: number) =>
  useGiftCardChange((status: 'active' | 'disabled') => apiRequest<AdminGiftCard>('POST', `${GIFT_CARDS_URL}/${id}/status`, { status }));
