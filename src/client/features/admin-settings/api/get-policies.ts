import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Policies } from '#common/schemas/content.ts';
import { getJson } from '#client/lib/api-client.ts';

export const getPolicies = (): Promise<Policies> => getJson<Policies>('/api/policies');

// same key as the policies page, so saving here refreshes it
export const policiesQueryOptions = () => queryOptions({ queryKey: ['/api/policies'], queryFn: getPolicies });

export function usePolicies() {
  return useQuery(policiesQueryOptions());
}
