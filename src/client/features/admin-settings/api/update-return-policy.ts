import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnPolicyInput } from '#common/schemas/admin-content.ts';
import type { SiteSettings } from '#common/schemas/content.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { siteSettingsQueryOptions } from '#client/lib/site-settings.ts';
import { toast } from '#client/components/ui/use-toast.ts';

/** The return window and terms live in the site settings, so product pages and the policies page read them with the rest. */
export function useUpdateReturnPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReturnPolicyInput) => apiRequest<SiteSettings>('PUT', '/api/return-policy', input),
    onSuccess: (settings) => {
      queryClient.setQueryData(siteSettingsQueryOptions().queryKey, settings);
      toast({ title: 'Return policy updated' });
    },
  });
}
