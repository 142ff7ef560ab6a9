import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FinderRules, FinderRulesView } from '#common/schemas/paddle-finder.ts';
import { apiRequest, getJson } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';

// The owner's finder rules: read, save (the server checks them against the catalogue), reset.

const RULES_URL = '/api/admin/paddle-finder';

export function useFinderRules() {
  return useQuery({ queryKey: [RULES_URL], queryFn: ({ signal }) => getJson<FinderRulesView>(RULES_URL, { signal }) });
}

export function useSaveFinderRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: FinderRules) => apiRequest<FinderRulesView>('PUT', RULES_URL, rules),
    onSuccess: (view) => {
      queryClient.setQueryData([RULES_URL], view);
      toast({ title: 'Paddle finder rules saved' });
    },
  });
}

export function useResetFinderRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<FinderRulesView>('DELETE', RULES_URL),
    onSuccess: (view) => {
      queryClient.setQueryData([RULES_URL], view);
      toast({ title: 'Default rules restored' });
    },
    onError: (error: Error) => toast({ title: 'The rules were not reset', description: error.message, variant: 'destructive' }),
  });
}
