import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisableTwoFactorInput, RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '#common/schemas/two-factor.ts';
import { apiRequest, getJson } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';

// set-up, confirmation and turning off change one small status together: one file keeps them in step

const STATUS_URL = '/api/account/two-factor';
const statusQuery = () => queryOptions({ queryKey: [STATUS_URL], queryFn: () => getJson<TwoFactorStatus>(STATUS_URL) });

export const useTwoFactorStatus = (enabled: boolean) => useQuery({ ...statusQuery(), enabled });

export const useStartTwoFactorSetup = () => useMutation({ mutationFn: () => apiRequest<TwoFactorSetup>('POST', '/api/account/two-factor/setup') });

/** Either change moves the user's own two-factor state, which the admin's route guard reads. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: [STATUS_URL] }), queryClient.invalidateQueries({ queryKey: currentUserQueryKey })]);
}

export function useConfirmTwoFactor() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (code: string) => apiRequest<RecoveryCodes>('POST', '/api/account/two-factor/confirm', { code }),
    // not awaited: the form that asked must get the codes before the fresh status replaces it
    onSuccess: () => void refresh(),
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: DisableTwoFactorInput) => apiRequest<{ message: string }>('POST', '/api/account/two-factor/disable', input),
    onSuccess: () => refresh(),
  });
}
