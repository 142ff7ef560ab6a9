import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NEWSLETTER_CHECK_EMAIL_MESSAGE,
  NewsletterSignup,
  NewsletterSignupResult,
  NewsletterSubscriberPage,
  NewsletterSubscriberQuery,
  NewsletterTokenQuery,
} from '#common/schemas/newsletter.ts';
import { NEWSLETTER_CONSENT_TEXT } from '#common/newsletter.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { badRequest, HttpError } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { sendUnsubscribedPage, sendUnsubscribePage, wantsPage } from '#server/http/one-click-unsubscribe.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { checkEmailPage, confirmedPage } from './confirmed-page.ts';
import {
  confirmNewsletter,
  listNewsletterSubscribers,
  newsletterSubscribersCsv,
  signUpForNewsletter,
  unsubscribeFromNewsletter,
  type NewsletterDeps,
} from './newsletter-service.ts';

const INVALID_LINK = 'This link is not valid. Open the link from the e-mail as it was sent.';

/** What the composition root hands the newsletter's routes. */
interface NewsletterRouteDeps {
  db: Database;
  /** sign-ups per IP and hour */
  config: Pick<Config, 'NEWSLETTER_RATE_LIMIT'>;
  /** sign-ups, their signed links, the e-mails */
  newsletter: NewsletterDeps;
}

/** The newsletter: the footer's sign-up, its confirmation and unsubscribe links, and the admin's list and export. */
export const newsletterRoutes: FastifyPluginAsyncZod<NewsletterRouteDeps> = async (app, { db, config, newsletter }) => {
  sendNoStore(app);
  // a browser's form: the footer's sign-up without scripts sends its address so; a mail client's
  // one-click unsubscribe (RFC 8058) sends one too, and its route reads nothing from the body
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const tooManySignups = (_request: unknown, context: { after: string }) => new HttpError(429, `Too many sign-ups, please try again in ${context.after}`);
  app.post(
    '/newsletter',
    {
      config: { rateLimit: { max: config.NEWSLETTER_RATE_LIMIT, timeWindow: '1 hour', errorResponseBuilder: tooManySignups }, invalidInput: 'first-issue' },
      schema: {
        summary: 'Sign up for the newsletter (the footer form)',
        description: 'Sends a confirmation link unless the address is subscribed; the answer is the same either way. Rate-limited per IP.',
        body: NewsletterSignup,
        response: { 200: z.union([NewsletterSignupResult, z.string()]), ...errorResponses },
      },
    },
    async (request, reply) => {
      await signUpForNewsletter(newsletter, { email: request.body.email, source: 'footer', consentText: NEWSLETTER_CONSENT_TEXT, userId: request.user?.id });
      // the footer's form posted without scripts: a page to read, with the way back
      if (wantsPage(request)) return checkEmailPage(reply, NEWSLETTER_CHECK_EMAIL_MESSAGE);
      return { message: NEWSLETTER_CHECK_EMAIL_MESSAGE };
    },
  );

  app.get(
    '/newsletter/confirm',
    { schema: { summary: 'The confirmation link of a sign-up: confirms it (once)', querystring: NewsletterTokenQuery } },
    async (request, reply) => {
      const subject = newsletter.links.check('confirm', request.query.token);
      if (subject === null) throw badRequest(INVALID_LINK);
      return confirmedPage(reply, await confirmNewsletter(newsletter, subject));
    },
  );

  app.get(
    '/newsletter/unsubscribe',
    { schema: { summary: 'The unsubscribe page of a marketing e-mail', querystring: NewsletterTokenQuery } },
    async (request, reply) => {
      if (newsletter.links.check('unsubscribe', request.query.token) === null) throw badRequest(INVALID_LINK);
      return sendUnsubscribePage(reply, {
        heading: 'Unsubscribe from our e-mails?',
        body: 'You will get no more news or offers from us. Order e-mails still come.',
        action: `/api/newsletter/unsubscribe?token=${encodeURIComponent(request.query.token)}`,
      });
    },
  );
  app.post(
    '/newsletter/unsubscribe',
    {
      schema: {
        summary: 'Unsubscribe from marketing e-mail (one click, RFC 8058): signed, no session or CSRF token',
        querystring: NewsletterTokenQuery,
        response: { 200: z.union([z.object({ message: z.string() }), z.string()]), ...errorResponses },
      },
    },
    async (request, reply) => {
      const subject = newsletter.links.check('unsubscribe', request.query.token);
      if (subject === null || subject.nonce !== undefined) throw badRequest(INVALID_LINK);
      await unsubscribeFromNewsletter(db, { id: subject.id });
      if (wantsPage(request)) return sendUnsubscribedPage(reply, 'You will get no more news or offers from us.');
      return { message: 'You are unsubscribed.' };
    },
  );

  app.get(
    '/admin/newsletter/subscribers',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'The newsletter list: one page, newest sign-up first, with counts per status',
        querystring: NewsletterSubscriberQuery,
        response: { 200: NewsletterSubscriberPage, ...errorResponses },
      },
    },
    async (request) => listNewsletterSubscribers(db, request.query),
  );
  app.get(
    '/admin/newsletter/subscribers.csv',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'Export the newsletter list as CSV, with each address’s consent evidence',
        description:
          'Header row: email, status (unconfirmed, subscribed, unsubscribed), source, consent_text, signed_up_at, confirmed_at, unsubscribed_at. The number of rows is in X-Total-Count.',
        response: { 200: z.string().describe('text/csv'), ...errorResponses },
      },
    },
    async (_request, reply) => {
      const { csv, count } = await newsletterSubscribersCsv(db);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('X-Total-Count', String(count))
        .send(csv);
    },
  );
};
