import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSession } from '#common/schemas/two-factor.ts';
import { apiRequest, getJson } from '#client/lib/api-client.ts';

// the list and the two ways to end sessions share its cache key: one file

const SESSIONS_URL = '/api/account/sessions';
const sessionsQuery = () => queryOptions({ queryKey: [SESSIONS_URL], queryFn: () => getJson<AccountSession[]>(SESSIONS_URL) });

export const useAccountSessions = () => useQuery(sessionsQuery());

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>('DELETE', `${SESSIONS_URL}/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SESSIONS_URL] }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ ended: number }>('POST', `${SESSIONS_URL}/end-others`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SESSIONS_URL] }),
  });
}
