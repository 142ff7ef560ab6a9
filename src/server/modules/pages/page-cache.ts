import type { FastifyInstance } from 'fastify';

// Rendered catalogue pages are kept like the catalogue reads (decision 013): the same short life, and
// emptied by any successful state-changing request before its answer leaves, so this instance never
// shows a page older than its own last write. Only pages of anonymous visitors are kept or served.

export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface PageCache {
  get(url: string): RenderedPage | undefined;
  /** the cache's state when a render starts: a page rendered across a write is not kept */
  begin(): number;
  set(url: string, page: RenderedPage, startedIn: number): void;
  clear(): void;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installPageCache(app: FastifyInstance, options: { enabled: boolean; ttlMs: number; maxEntries: number }): PageCache {
  const entries = new Map<string, RenderedPage & { expiresAt: number }>();
  let generation = 0;
  const clear = () => {
    generation += 1;
    entries.clear();
  };
  app.addHook('onSend', async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) clear();
    return payload;
  });
  return {
    clear,
    get(url) {
      const entry = options.enabled ? entries.get(url) : undefined;
      return entry && entry.expiresAt > Date.now() ? entry : undefined;
    },
    begin: () => generation,
    set(url, page, startedIn) {
      if (!options.enabled || startedIn !== generation) return;
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(url, { ...page, expiresAt: Date.now() + options.ttlMs });
    },
  };
}
