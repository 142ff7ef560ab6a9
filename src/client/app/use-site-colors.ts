import { useEffect } from 'react';
import { useSiteSettings } from '#client/lib/site-settings.ts';
import { siteColorVariables } from './site-colors.ts';

/** Applies the site colours from settings to :root as CSS variables. */
export function useSiteColors(): void {
  const { data: settings } = useSiteSettings();
  useEffect(() => {
    if (!settings) return;
    const root = document.documentElement;
    const variables = siteColorVariables(settings);
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(variables)) root.style.removeProperty(name);
    };
  }, [settings]);
}
