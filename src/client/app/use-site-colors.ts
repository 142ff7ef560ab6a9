import { useEffect, useState } from 'react';
import { useSiteSettings } from '#client/lib/site-settings.ts';

/**
 * Applies the site colours from settings to :root as CSS variables. A server-rendered page arrives with the
 * settings it was drawn with and their colours in its <style> (page-renderer.ts), so those are left alone;
 * the arithmetic that derives readable colours (site-colors.ts) is fetched only for settings that differ
 * (a page started without them, or the owner's change), keeping it out of the home page's first load.
 */
export function useSiteColors(): void {
  const { data: settings } = useSiteSettings();
  const [rendered] = useState(settings);
  useEffect(() => {
    if (!settings || settings === rendered) return;
    let names: string[] = [];
    let current = true;
    void import('./site-colors.ts').then(({ siteColorVariables }) => {
      if (!current) return;
      const variables = siteColorVariables(settings);
      names = Object.keys(variables);
      for (const [name, value] of Object.entries(variables)) document.documentElement.style.setProperty(name, value);
    });
    return () => {
      current = false;
      for (const name of names) document.documentElement.style.removeProperty(name);
    };
  }, [settings, rendered]);
}
