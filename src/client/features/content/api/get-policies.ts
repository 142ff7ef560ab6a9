import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Policies } from '#common/schemas/content.ts';
import { getJson } from '#client/lib/api-client.ts';

export const getPolicies = (): Promise<Policies> => getJson<Policies>('/api/policies');

export const policiesQueryOptions = () => queryOptions({ queryKey: ['/api/policies'], queryFn: getPolicies });

export function usePolicies() {
  return useQuery(policiesQueryOptions());
}
