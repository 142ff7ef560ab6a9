import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#common/schemas/content.ts';
import { getJson, type ReadContext } from '#client/lib/api-client.ts';

// One key for every reader (the payment step picks its card form by the provider, the dashboard's banner,
// the diagnostics pages), so they share one cached answer.
const PUBLIC_CONFIG_URL = '/api/config';

const getPublicConfig = ({ meta }: ReadContext = {}): Promise<PublicConfig> => getJson<PublicConfig>(PUBLIC_CONFIG_URL, { meta });

const publicConfigQueryOptions = () => queryOptions({ queryKey: [PUBLIC_CONFIG_URL], queryFn: getPublicConfig });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
