import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PoliciesInput } from '#common/schemas/admin-content.ts';
import type { Policies } from '#common/schemas/content.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { policiesQueryOptions } from '#client/lib/get-policies.ts';

const updatePolicies = (input: PoliciesInput): Promise<Policies> => apiRequest<Policies>('POST', '/api/policies', input);

export function useUpdatePolicies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePolicies,
    onSuccess: (policies) => {
      queryClient.setQueryData(policiesQueryOptions().queryKey, policies);
      toast({ title: 'Policies updated' });
    },
    onError: (error: Error) => toast({ title: 'Failed to update policies', description: error.message, variant: 'destructive' }),
  });
}
