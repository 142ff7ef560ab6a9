import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerReturnsView, ReturnRequestInput } from '#common/schemas/order-returns.ts';
import { apiRequest, getJson, withQuery } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';

const returnsUrl = (orderNumber: string) => `/api/orders/number/${encodeURIComponent(orderNumber)}/returns`;
const returnsKey = (orderNumber: string, key: string | null) => ['customer-order-returns', orderNumber, key] as const;

/** The order's return window, what can still go back, and its returns; read beside the order itself. */
export function useOrderReturns(orderNumber: string, key: string | null) {
  return useQuery({
    queryKey: returnsKey(orderNumber, key),
    queryFn: ({ signal }) => getJson<CustomerReturnsView>(withQuery(returnsUrl(orderNumber), { key }), { signal }),
    retry: false,
  });
}

/** Ask for a return; the answer is the returns as they now stand, and the order's history gains the step. */
export function useRequestReturn(orderNumber: string, key: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ReturnRequestInput, 'key'>) => apiRequest<CustomerReturnsView>('POST', returnsUrl(orderNumber), key ? { ...input, key } : input),
    onSuccess: (view) => {
      queryClient.setQueryData(returnsKey(orderNumber, key), view);
      void queryClient.invalidateQueries({ queryKey: ['customer-order', orderNumber] });
      toast({ title: 'Return requested', description: 'We have e-mailed you a copy and will send instructions once we have looked at it.' });
    },
  });
}
