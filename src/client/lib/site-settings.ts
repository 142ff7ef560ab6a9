import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '#common/schemas/content.ts';
import { getJson, type ReadContext } from './api-client.ts';

// Read by the navigation bar, colours, home, sign-in and checkout alike, so it lives with the shared libs
// rather than inside one feature (a feature may not import another: eslint.config.js).

export const SITE_SETTINGS_URL = '/api/site-settings';

const getSiteSettings = ({ meta }: ReadContext = {}): Promise<SiteSettings> => getJson<SiteSettings>(SITE_SETTINGS_URL, { meta });

export const siteSettingsQueryOptions = () => queryOptions({ queryKey: [SITE_SETTINGS_URL], queryFn: getSiteSettings });

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}

/** A settings text, or the fallback when it is missing or blank. */
export function settingText(value: string | null | undefined, fallback: string): string {
  return value && value.trim() ? value : fallback;
}

export const DEFAULT_SITE_TITLE = 'Pickleball Shop';
