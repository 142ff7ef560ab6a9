import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * RFC 8058 one-click unsubscribe POSTs "List-Unsubscribe=One-Click" as a form, with no session and no
 * CSRF token (the link is signed); nothing in the body is needed, so a plugin's forms are read as empty.
 */
export function acceptOneClickPosts(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
}

/** A mail client's one-click POST wants no page; the unsubscribe page's own button does. */
export function wantsPage(request: FastifyRequest): boolean {
  return Boolean(request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') && request.headers.accept?.includes('text/html'));
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111827}button{background:#1e40af;color:#fff;border:0;border-radius:6px;padding:.6rem 1.1rem;font-size:1rem;cursor:pointer}a{color:#1e40af}</style>
</head><body><main>${body}</main></body></html>`;

/**
 * The page an e-mail's unsubscribe link opens: a button that POSTs, because a link checker's GET must
 * not unsubscribe anyone. A plain page, not the shop's app: it works from any mail client with nothing to load.
 */
export function sendUnsubscribePage(reply: FastifyReply, text: { heading: string; body: string; action: string }): FastifyReply {
  return reply.type('text/html; charset=utf-8').send(
    page(
      'Unsubscribe',
      `<h1>${escapeHtml(text.heading)}</h1><p>${escapeHtml(text.body)}</p>
<form method="post" action="${escapeHtml(text.action)}"><button type="submit">Unsubscribe</button></form>`,
    ),
  );
}

export function sendUnsubscribedPage(reply: FastifyReply, body: string): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .send(page('Unsubscribed', `<h1>You are unsubscribed</h1><p>${escapeHtml(body)}</p><p><a href="/">Back to the shop</a></p>`));
}
