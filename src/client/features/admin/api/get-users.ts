import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserRow } from '#common/schemas/admin.ts';
import { getJson } from '#client/lib/api-client.ts';

export const USERS_URL = '/api/users';

export const getUsers = (): Promise<UserRow[]> => getJson<UserRow[]>(USERS_URL);

export const usersQueryOptions = () => queryOptions({ queryKey: [USERS_URL], queryFn: getUsers });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
