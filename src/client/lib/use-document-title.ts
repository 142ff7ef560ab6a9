import { useEffect } from 'react';
import { DEFAULT_SITE_TITLE, settingText, useSiteSettings } from './site-settings.ts';

/** Sets the tab title to "{page} | {site title}" (or the site title alone). */
export function useDocumentTitle(page?: string | null, options: { exact?: boolean } = {}): void {
  const { data: settings } = useSiteSettings();
  const siteTitle = settingText(settings?.siteTitle, DEFAULT_SITE_TITLE);
  const title = options.exact && page ? page : page ? `${page} | ${siteTitle}` : siteTitle;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
