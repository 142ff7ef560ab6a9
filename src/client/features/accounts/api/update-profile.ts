import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate, PublicUser } from '#common/schemas/accounts.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';
import { toast } from '#client/components/ui/use-toast.ts';

const updateProfile = (input: ProfileUpdate): Promise<PublicUser> => apiRequest<PublicUser>('PATCH', '/api/user', input);

/** "Profile saved" / "Profile not saved" with the error message. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      toast({ title: 'Profile saved' });
    },
    onError: (error: Error) => {
      toast({ title: 'Profile not saved', description: error.message, variant: 'destructive' });
    },
  });
}
