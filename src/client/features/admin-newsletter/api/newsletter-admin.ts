import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutRecoveryOverview, CheckoutRecoverySettings } from '#common/schemas/checkout-recovery.ts';
import { DEFAULT_PAGE_SIZE } from '#common/schemas/admin-lists.ts';
import type { NewsletterSubscriberPage } from '#common/schemas/newsletter.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiRequest, getJson, withQuery } from '#client/lib/api-client.ts';

const SUBSCRIBERS_URL = '/api/admin/newsletter/subscribers';
const RECOVERY_URL = '/api/admin/newsletter/checkout-recovery';

/** The CSV export of the whole list with its consent evidence: a plain link, so the browser saves the server's file itself. */
export const SUBSCRIBERS_CSV_URL = `${SUBSCRIBERS_URL}.csv`;

/** One page of the list, newest sign-up first; the counts are the whole list's. */
export function useSubscribers(page: number) {
  return useQuery({
    queryKey: [SUBSCRIBERS_URL, page],
    queryFn: ({ signal }) => getJson<NewsletterSubscriberPage>(withQuery(SUBSCRIBERS_URL, { page, pageSize: DEFAULT_PAGE_SIZE }), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The reminders' settings with what they did (checkouts reminded, recovered). */
export function useRecoveryOverview() {
  return useQuery({
    queryKey: [RECOVERY_URL],
    queryFn: ({ signal }) => getJson<CheckoutRecoveryOverview>(RECOVERY_URL, { signal }),
  });
}

/** Saves the reminders' settings; a refusal goes to the caller's form, beside its fields. */
export function useSaveRecoverySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CheckoutRecoverySettings) => apiRequest<CheckoutRecoverySettings>('PUT', RECOVERY_URL, settings),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [RECOVERY_URL] });
      toast({ title: 'Reminder settings saved' });
    },
  });
}
