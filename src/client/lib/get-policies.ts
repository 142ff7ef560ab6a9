import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Policies } from '#common/schemas/content.ts';
import { getJson, type ReadContext } from '#client/lib/api-client.ts';

const getPolicies = ({ meta }: ReadContext = {}): Promise<Policies> => getJson<Policies>('/api/policies', { meta });

// one definition for the policies page, the rendered pages' loaders and the admin's Policies tab (its save
// refreshes every reader)
export const policiesQueryOptions = () => queryOptions({ queryKey: ['/api/policies'], queryFn: getPolicies });

export function usePolicies() {
  return useQuery(policiesQueryOptions());
}
