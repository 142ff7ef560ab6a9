import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Policies } from '#common/schemas/content.ts';
import { getJson, type ReadContext } from '#client/lib/api-client.ts';

export const getPolicies = ({ meta }: ReadContext = {}): Promise<Policies> => getJson<Policies>('/api/policies', { meta });

export const policiesQueryOptions = () => queryOptions({ queryKey: ['/api/policies'], queryFn: getPolicies });

export function usePolicies() {
  return useQuery(policiesQueryOptions());
}
