import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '#common/schemas/admin-lists.ts';
import type { ConsentFilter, UserRole, UserRow } from '#common/schemas/admin-users.ts';
import { getPage, type ListPage } from '#client/lib/get-page.ts';

export const USERS_URL = '/api/users';

interface UserListParams {
  page: number;
  q?: string;
  role?: UserRole;
  consent?: ConsentFilter;
}

const getUsers = (params: UserListParams): Promise<ListPage<UserRow>> => getPage<UserRow>(USERS_URL, { ...params, pageSize: DEFAULT_PAGE_SIZE });

const usersQueryOptions = (params: UserListParams) =>
  queryOptions({ queryKey: [USERS_URL, params], queryFn: () => getUsers(params), placeholderData: keepPreviousData });

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}

/** spec: "total count of registered users": all of them, whatever the search box holds. */
export function useUserTotal() {
  return useQuery({ ...usersQueryOptions({ page: 1 }), select: (page) => page.total });
}
