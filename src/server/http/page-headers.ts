import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '#common/schemas/admin-lists.ts';
import { sendJsonText } from './route-schemas.ts';

/**
 * Sends one page of a list as the plain array the API has always answered, with the total in
 * X-Total-Count and the neighbouring pages in a Link header (RFC 8288), so clients that read
 * only the body keep working. A total that is an estimate is marked by X-Total-Count-Estimated: true.
 */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>, at: { page: number; pageSize: number }): T[] {
  setPageHeaders(request, reply, page, at);
  return page.items;
}

/** sendPage for a page PostgreSQL wrote as JSON text (an array), sent as it is. */
export function sendJsonPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { json: string; total: number },
  at: { page: number; pageSize: number },
): FastifyReply {
  setPageHeaders(request, reply, page, at);
  return sendJsonText(reply, page.json);
}

function setPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { total: number; estimated?: boolean },
  at: { page: number; pageSize: number },
): void {
  const lastPage = Math.max(1, Math.ceil(page.total / at.pageSize));
  const linkTo = (n: number) => {
    const url = new URL(request.url, 'http://localhost');
    url.searchParams.set('page', String(n));
    url.searchParams.set('pageSize', String(at.pageSize));
    return `${url.pathname}${url.search}`;
  };
  const links = [`<${linkTo(1)}>; rel="first"`, `<${linkTo(lastPage)}>; rel="last"`];
  if (at.page > 1) links.push(`<${linkTo(Math.min(at.page - 1, lastPage))}>; rel="prev"`);
  if (at.page < lastPage) links.push(`<${linkTo(at.page + 1)}>; rel="next"`);
  void reply.header('X-Total-Count', String(page.total)).header('Link', links.join(', '));
  // an estimated total says so: the admin shows it as "about N"
  if (page.estimated) void reply.header('X-Total-Count-Estimated', 'true');
}

/**
 * One page of a list its service reads whole (short lists, and reads not paged in SQL yet): the answer
 * stays small whatever the read returned.
 */
export function pageOf<T>(items: T[], at: { page: number; pageSize: number }): Page<T> {
  const start = offsetOf(at);
  return { items: items.slice(start, start + at.pageSize), total: items.length };
}

/** The rows to skip for a 1-based page. */
export const offsetOf = (at: { page: number; pageSize: number }) => (at.page - 1) * at.pageSize;

/** What every paged admin list route shares: how a bad page query is reported and where the total is. */
export const pagedList = {
  config: { invalidInput: { querystring: 'Invalid list query' } },
  description: 'The total is in X-Total-Count, the neighbouring pages in a Link header.',
} as const;
