import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSecuritySettings } from '#common/schemas/two-factor.ts';
import { apiRequest, getJson } from '#client/lib/api-client.ts';

// read and written together by one checkbox: one file
const URL = '/api/admin/security';
const securityQuery = () => queryOptions({ queryKey: [URL], queryFn: () => getJson<AdminSecuritySettings>(URL) });

/** Whether the shop requires two-factor sign-in of every admin (admins only). */
export const useAdminSecurity = () => useQuery(securityQuery());

export function useSetAdminSecurity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireAdminTwoFactor: boolean) => apiRequest<AdminSecuritySettings>('PUT', URL, { requireAdminTwoFactor }),
    onSuccess: (settings) => queryClient.setQueryData([URL], settings),
  });
}
