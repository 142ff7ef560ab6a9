import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerOrderView, OrderLookupRequest, OrderLookupResult } from '#common/schemas/customer-orders.ts';
import { apiRequest, getJson, withQuery } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';

const orderUrl = (orderNumber: string) => `/api/orders/number/${encodeURIComponent(orderNumber)}`;
const orderKey = (orderNumber: string, key: string | null) => ['customer-order', orderNumber, key] as const;

/** The order page's read: with the signed link's key when the page was opened from one. */
export function useCustomerOrder(orderNumber: string, key: string | null) {
  return useQuery({
    queryKey: orderKey(orderNumber, key),
    queryFn: ({ signal }) => getJson<CustomerOrderView>(withQuery(orderUrl(orderNumber), { key }), { signal }),
    // a refused link or a missing order stays that way: asking again changes nothing
    retry: false,
  });
}

/** Cancel before shipping; the answer is the order as it now stands. */
export function useCancelOrder(orderNumber: string, key: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CustomerOrderView>('POST', `${orderUrl(orderNumber)}/cancel`, key ? { key } : {}),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(orderNumber, key), order);
      void queryClient.invalidateQueries({ queryKey: ['/api/orders/my-orders'] });
      toast({ title: 'Order cancelled', description: `Order #${order.orderNumber} is cancelled and refunded to your card.` });
    },
    onError: (error: Error) => {
      toast({ title: 'The order was not cancelled', description: error.message, variant: 'destructive' });
    },
  });
}

/** Guest lookup: the signed link comes back (and goes to the order's e-mail address). */
export function useOrderLookup() {
  return useMutation({ mutationFn: (input: OrderLookupRequest) => apiRequest<OrderLookupResult>('POST', '/api/orders/lookup', input) });
}
