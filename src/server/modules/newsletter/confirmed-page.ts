import type { FastifyReply } from 'fastify';

const page = (heading: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111827}a{color:#1e40af}</style>
</head><body><main><h1>${heading}</h1><p>${body}</p><p><a href="/">Back to the shop</a></p></main></body></html>`;

/** What the confirmation link opens: a plain page, so it works from any mail client with nothing to load. */
export function confirmedPage(reply: FastifyReply, confirmed: boolean): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .send(
      confirmed
        ? page('Your subscription is confirmed', 'Thanks! We sent you a welcome e-mail. Every e-mail we send has a link to unsubscribe.')
        : page('This link was already used', 'If you opened it before, your subscription is confirmed. Otherwise sign up again from the shop.'),
    );
}

/** What the footer's form opens when it is sent without scripts: the same words the form shows in place. */
export function checkEmailPage(reply: FastifyReply, message: string): FastifyReply {
  return reply.type('text/html; charset=utf-8').send(page('Check your e-mail', message));
}
