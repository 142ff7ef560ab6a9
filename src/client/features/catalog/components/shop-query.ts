// The shop page's address is its state: every filter, the sort and the page are query parameters, so a
// reload, a shared link and back/forward show the same list. The API takes the same names, but `q` for `search`.

/** Parameters that pick products (a change goes back to page 1). */
function isFilterKey(key: string): boolean {
  return ['brand', 'type', 'price', 'in_stock', 'usapa', 'search'].includes(key) || key.startsWith('f.') || key.startsWith('o.');
}

/** The API query for the page's address. */
export function apiQuery(search: string): string {
  const params = new URLSearchParams(search);
  const query = new URLSearchParams();
  for (const [key, value] of params) {
    if (key === 'search') query.set('q', value.trim());
    else query.append(key, value);
  }
  return query.toString();
}

/** The comma-separated values of a parameter. */
export function valuesOf(params: URLSearchParams, key: string): string[] {
  return (params.get(key) ?? '').split(',').filter(Boolean);
}

/** The address with a parameter's values replaced (none removes it); a filter change resets the page. */
export function withValues(search: string, key: string, values: string[]): string {
  const params = new URLSearchParams(search);
  if (values.length) params.set(key, values.join(','));
  else params.delete(key);
  if (isFilterKey(key)) params.delete('page');
  return shopHref(params);
}

/** The address of a page of the current list (page 1 has no parameter). */
export function withPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  return shopHref(params);
}

/** The address of a category: its type's facets belong to it, so they go with the old type. */
export function withType(search: string, slug: string | null): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (key.startsWith('f.') || key.startsWith('o.') || key === 'page') params.delete(key);
  if (slug) params.set('type', slug);
  else params.delete('type');
  return shopHref(params);
}

function shopHref(params: URLSearchParams): string {
  // commas and spaces stay readable in the address ("f.shape=Elongated,Hybrid")
  const query = params.toString().replaceAll('%2C', ',');
  return query ? `/shop?${query}` : '/shop';
}
