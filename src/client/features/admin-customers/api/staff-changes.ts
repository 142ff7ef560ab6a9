import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundLimitInput, StaffInvitationInput } from '#common/schemas/staff.ts';
import type { StaffRole } from '#common/staff-roles.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { STAFF_URL } from './get-staff.ts';

/** One change to the staff: the list is read again after it, and a refusal shows the server's words. */
function useStaffChange<Input>(send: (input: Input) => Promise<unknown>, done: (input: Input) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_answer, input) => {
      void queryClient.invalidateQueries({ queryKey: [STAFF_URL] });
      toast({ title: done(input) });
    },
    onError: (error: Error) => toast({ title: 'The staff was not changed', description: error.message, variant: 'destructive' }),
  });
}

export const useInviteStaff = () =>
  useStaffChange(
    (input: StaffInvitationInput) => apiRequest('POST', `${STAFF_URL}/invitations`, input),
    (input) => `Invitation sent to ${input.email}`,
  );

export const useWithdrawInvitation = () =>
  useStaffChange(
    (id: number) => apiRequest('DELETE', `${STAFF_URL}/invitations/${id}`),
    () => 'Invitation withdrawn',
  );

export const useSetStaffRole = () =>
  useStaffChange(
    ({ id, role }: { id: number; role: StaffRole }) => apiRequest('PATCH', `${STAFF_URL}/${id}`, { role }),
    () => 'Role changed',
  );

export const useRemoveStaff = () =>
  useStaffChange(
    (id: number) => apiRequest('DELETE', `${STAFF_URL}/${id}`),
    () => 'Removed from the staff',
  );

export const useSetRefundLimit = () =>
  useStaffChange(
    (input: RefundLimitInput) => apiRequest('PUT', `${STAFF_URL}/refund-limit`, input),
    () => 'Refund limit saved',
  );
