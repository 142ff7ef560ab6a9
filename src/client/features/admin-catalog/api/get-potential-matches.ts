import { queryOptions } from '@tanstack/react-query';
import type { PotentialMatches } from '#common/schemas/admin-images.ts';
import { getJson } from '#client/lib/api-client.ts';

const getPotentialMatches = (productId: number): Promise<PotentialMatches> => getJson<PotentialMatches>(`/api/image-manager/potential-matches/${productId}`);

// always fresh: files come and go as products are saved
export const potentialMatchesQueryOptions = (productId: number) =>
  queryOptions({ queryKey: [`/api/image-manager/potential-matches/${productId}`], queryFn: () => getPotentialMatches(productId), staleTime: 0 });
