import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#common/schemas/accounts.ts';
import type { AcceptInvitationInput, InvitationView } from '#common/schemas/staff.ts';
import { apiRequest, getJson } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';

const INVITATIONS_URL = '/api/staff-invitations';

/** What the e-mailed link offers; a used or expired one fails with the server's words (410). */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: [INVITATIONS_URL, token],
    queryFn: ({ signal }) => getJson<InvitationView>(`${INVITATIONS_URL}/${encodeURIComponent(token)}`, { signal }),
    enabled: token !== '',
    retry: false,
  });

/** Joins the staff: the answer is the signed-in user with the role. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptInvitationInput) => apiRequest<PublicUser>('POST', `${INVITATIONS_URL}/accept`, input),
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
