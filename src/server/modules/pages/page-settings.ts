import type { QueryClient } from '@tanstack/react-query';
import type { SiteSettings } from '#common/schemas/content.ts';
import { siteSettingsQueryOptions } from '#client/ssr-entry.tsx';

// Every rendered page starts with the site settings (title, colours, hero), which change when the owner
// saves them. A render reads them once per `cacheMs` instead of once per page: a read in-process was a
// fifth of an uncached product page's time (docs/performance.md). Emptied like the response cache, by
// every write here and on the other instances (http/cache-invalidation.ts).

export interface PageSettings {
  /** The settings, put into the page's QueryClient as its own read would (same key, same data). */
  read(queryClient: QueryClient): Promise<SiteSettings>;
  clear(): void;
}

/** cacheMs 0 reads for every page (tests write to the database directly). */
export function createPageSettings(options: { cacheMs: number }): PageSettings {
  let kept: { settings: SiteSettings; until: number } | null = null;
  let generation = 0;
  return {
    async read(queryClient) {
      const query = siteSettingsQueryOptions();
      if (kept && Date.now() < kept.until) {
        queryClient.setQueryData(query.queryKey, kept.settings);
        return kept.settings;
      }
      const startedIn = generation;
      const settings = await queryClient.fetchQuery(query);
      // a read that began before a write emptied the cache may hold what the write changed: used, not kept
      if (options.cacheMs > 0 && startedIn === generation) kept = { settings, until: Date.now() + options.cacheMs };
      return settings;
    },
    clear() {
      generation += 1;
      kept = null;
    },
  };
}
