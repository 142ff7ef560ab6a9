import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '#common/schemas/accounts.ts';
import { ApiError, getJson } from './api-client.ts';

// The signed-in user is needed by the navigation bar, protected routes, profile, checkout and admin,
// so the read lives with the shared libs; sign-in, registration and logout are in features/accounts.

const CURRENT_USER_URL = '/api/user';
export const currentUserQueryKey = [CURRENT_USER_URL] as const;

/** A 401 means logged out; any other failure is also treated as no user. */
async function getCurrentUser(): Promise<PublicUser | null> {
  try {
    return await getJson<PublicUser | null>(CURRENT_USER_URL, { on401: 'returnNull' });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) console.error('Failed to fetch user', error);
    return null;
  }
}

const currentUserQueryOptions = () => queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { user: query.data ?? null, isLoading: query.isLoading };
}
