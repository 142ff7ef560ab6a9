import { queryOptions } from '@tanstack/react-query';
import type { OpenHolds } from '#common/schemas/open-holds.ts';
import { getJson } from '#client/lib/api-client.ts';

export const OPEN_HOLDS_URL = '/api/admin/open-holds';

const getOpenHolds = (): Promise<OpenHolds> => getJson<OpenHolds>(OPEN_HOLDS_URL);

// holds come and go with every checkout: read afresh each time the section shows, and every half minute
export const openHoldsQueryOptions = () => queryOptions({ queryKey: [OPEN_HOLDS_URL], queryFn: getOpenHolds, staleTime: 0, refetchInterval: 30_000 });
