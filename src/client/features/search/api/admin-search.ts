import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SearchTermReport, Synonym, SynonymInput } from '#common/schemas/search.ts';
import { apiRequest, getJson } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';

// The owner's synonyms and the search terms report (decision 054).

const SYNONYMS_URL = '/api/admin/search/synonyms';
const TERMS_URL = '/api/admin/search/terms';

export function useSynonyms() {
  return useQuery({ queryKey: [SYNONYMS_URL], queryFn: ({ signal }) => getJson<Synonym[]>(SYNONYMS_URL, { signal }) });
}

export function useSearchTerms() {
  return useQuery({ queryKey: [TERMS_URL], queryFn: ({ signal }) => getJson<SearchTermReport>(TERMS_URL, { signal }) });
}

export function useSaveSynonym() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SynonymInput) => apiRequest<Synonym>('POST', SYNONYMS_URL, input),
    onSuccess: (synonym) => {
      void queryClient.invalidateQueries({ queryKey: [SYNONYMS_URL] });
      toast({ title: `Synonym saved: ${synonym.term}` });
    },
  });
}

export function useDeleteSynonym() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (synonym: Synonym) => apiRequest('DELETE', `${SYNONYMS_URL}/${synonym.id}`),
    onSuccess: (_, synonym) => {
      void queryClient.invalidateQueries({ queryKey: [SYNONYMS_URL] });
      toast({ title: `Synonym deleted: ${synonym.term}` });
    },
    onError: (error: Error) => toast({ title: 'The synonym was not deleted', description: error.message, variant: 'destructive' }),
  });
}
