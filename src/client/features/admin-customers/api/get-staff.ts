import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffOverview } from '#common/schemas/staff.ts';
import { getJson } from '#client/lib/api-client.ts';

export const STAFF_URL = '/api/admin/staff';

const staffQueryOptions = () => queryOptions({ queryKey: [STAFF_URL], queryFn: ({ signal }) => getJson<StaffOverview>(STAFF_URL, { signal }) });

export const useStaff = () => useQuery(staffQueryOptions());
