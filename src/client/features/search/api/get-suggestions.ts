import type { Suggestions } from '#common/schemas/search.ts';
import { getJson } from '#client/lib/api-client.ts';

/** The header box's suggestions for the text typed so far; `signal` cancels a read a newer keystroke made stale. */
export function getSuggestions(text: string, signal: AbortSignal): Promise<Suggestions> {
  return getJson<Suggestions>(`/api/search/suggest?q=${encodeURIComponent(text)}`, { signal });
}
