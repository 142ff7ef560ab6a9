import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeView } from '#common/schemas/home.ts';
import { getJson, type ReadContext } from '#client/lib/api-client.ts';

// the type only: the home page's first bundle carries no zod (decision 061)
const getHome = ({ meta }: ReadContext = {}): Promise<HomeView> => getJson<HomeView>('/api/home', { meta });

/** The home page's sections in the owner's order, resolved by the server in one read. */
export const homeQueryOptions = () => queryOptions({ queryKey: ['/api/home'], queryFn: getHome });

export function useHome() {
  return useQuery(homeQueryOptions());
}
