import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings } from '#common/schemas/content.ts';
import { apiFormRequest } from '#client/lib/api-client.ts';
import { SITE_SETTINGS_URL } from '#client/lib/site-settings.ts';
import { toast } from '#client/components/ui/use-toast.ts';

/** POST /api/site-settings, multipart: the non-empty settings fields plus the heroImage file. */
const updateSiteSettings = (form: FormData): Promise<SiteSettings> => apiFormRequest<SiteSettings>('POST', SITE_SETTINGS_URL, form);

export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteSettings,
    onSuccess: (settings) => {
      // the storefront (colours, hero, titles) reads the same query, so it changes at once
      queryClient.setQueryData([SITE_SETTINGS_URL], settings);
      void queryClient.invalidateQueries({ queryKey: [SITE_SETTINGS_URL] });
      toast({ title: 'Site settings updated', description: 'The storefront now shows the new settings.' });
    },
    onError: (error: Error) => toast({ title: 'Failed to update site settings', description: error.message, variant: 'destructive' }),
  });
}
