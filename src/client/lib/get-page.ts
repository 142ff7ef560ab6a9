import { ApiError, errorMessageOf, withQuery } from '#client/lib/api-client.ts';

/** One page of an admin list and how many items all pages hold (the X-Total-Count header). */
export interface ListPage<T> {
  items: T[];
  total: number;
  /** the total is the server's estimate (X-Total-Count-Estimated: a list too long to count exactly) */
  estimated?: boolean;
}

/** The page number and filters of a list, as its query string takes them; empty ones are left out. */
type ListParams = Record<string, string | number | undefined>;

/** Reads one page of an admin list: the body is the page's array, the total rides in a header. */
export async function getPage<T>(path: string, params: ListParams): Promise<ListPage<T>> {
  const response = await fetch(withQuery(path, params), { credentials: 'include' });
  const text = await response.text();
  if (!response.ok) {
    const { message, body } = errorMessageOf(response.status, response.statusText, text, response.headers.get('content-type'));
    throw new ApiError(response.status, message, body);
  }
  const items = (text ? JSON.parse(text) : []) as T[];
  // no header: Number(null) would read as 0, so an answer without one counts its own items
  const header = response.headers.get('X-Total-Count');
  const total = header === null ? Number.NaN : Number(header);
  const estimated = response.headers.get('X-Total-Count-Estimated') === 'true';
  return { items, total: Number.isFinite(total) ? total : items.length, ...(estimated && { estimated }) };
}

/** The number of pages a list needs; an empty list still shows as page 1 of 1. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
