import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailList } from '#common/schemas/admin-users.ts';
import { getJson } from '#client/lib/api-client.ts';

const USER_EMAILS_URL = '/api/users/emails';

const getUserEmails = (): Promise<EmailList> => getJson<EmailList>(USER_EMAILS_URL);

const userEmailsQueryOptions = () => queryOptions({ queryKey: [USER_EMAILS_URL], queryFn: getUserEmails });

export function useUserEmails() {
  return useQuery(userEmailsQueryOptions());
}
