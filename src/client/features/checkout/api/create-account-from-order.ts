import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountFromOrderInput, AccountFromOrderResult } from '#common/schemas/order-account.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';

const createAccountFromOrder = (input: AccountFromOrderInput): Promise<AccountFromOrderResult> =>
  apiRequest<AccountFromOrderResult>('POST', '/api/account/from-order', input);

/** The guest's order becomes an account: signed in from then on, the order on its history (decision 040). */
export function useCreateAccountFromOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccountFromOrder,
    onSuccess: (result) => {
      queryClient.setQueryData(currentUserQueryKey, result.user);
      void queryClient.invalidateQueries({ queryKey: ['/api/orders/my-orders'] });
    },
  });
}
