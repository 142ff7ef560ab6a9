import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { NewsletterSource, NewsletterSubscriberPage, NewsletterSubscriberQuery } from '#common/schemas/newsletter.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { likePattern } from '#server/db/like-pattern.ts';
import { newsletterSubscribers } from '#server/db/schema.ts';
import type { SignedLinks, SignedSubject } from '#server/http/signed-links.ts';
import { toCsv } from '#server/http/csv.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import { sendNewsletterConfirmation, sendNewsletterWelcome } from '#server/modules/mail/marketing-mail-service.ts';

export { createSignedLinks } from '#server/http/signed-links.ts';

type NewsletterLinkPurpose = 'confirm' | 'unsubscribe';

export interface NewsletterDeps {
  db: Database;
  mail: MailService;
  links: SignedLinks<NewsletterLinkPurpose>;
  /** the shop's public address, for the links in the e-mails */
  publicBase: string;
}

// a sign-up repeated within this time sends no second confirmation: nobody can flood an address from many IPs
const RESEND_AFTER = sql`interval '10 minutes'`;

/**
 * A sign-up (footer, account, checkout): an address not yet subscribed gets a confirmation e-mail with a
 * single-use link and stays 'unconfirmed' until it is opened (double opt-in). An address already
 * subscribed changes nothing and gets nothing, and the caller answers the same either way, so the form
 * tells nobody who is on the list. One row per address: a new sign-up after an unsubscribe starts over.
 */
export async function signUpForNewsletter(
  deps: NewsletterDeps,
  input: { email: string; source: NewsletterSource; consentText: string; userId?: number | null },
  on: Database | Transaction = deps.db,
): Promise<void> {
  const nonce = randomBytes(18).toString('base64url');
  const s = newsletterSubscribers;
  // a row that is subscribed, or was asked to confirm a moment ago, keeps what it has
  const keeps = sql`(${s.status} = 'subscribed' or (${s.status} = 'unconfirmed' and ${s.signedUpAt} > now() - ${RESEND_AFTER}))`;
  const keepOr = (column: SQL | typeof s.status, fresh: SQL) => sql`case when ${keeps} then ${column} else ${fresh} end`;
  const [row] = await on
    .insert(s)
    .values({ email: input.email, source: input.source, consentText: input.consentText, userId: input.userId ?? null, confirmNonce: nonce })
    .onConflictDoUpdate({
      target: s.email,
      set: {
        status: keepOr(sql`${s.status}`, sql`'unconfirmed'`),
        source: keepOr(sql`${s.source}`, sql`excluded.source`),
        consentText: keepOr(sql`${s.consentText}`, sql`excluded.consent_text`),
        confirmNonce: keepOr(sql`${s.confirmNonce}`, sql`excluded.confirm_nonce`),
        signedUpAt: keepOr(sql`${s.signedUpAt}`, sql`now()`),
        unsubscribedAt: keepOr(sql`${s.unsubscribedAt}`, sql`null`),
        userId: sql`coalesce(${s.userId}, excluded.user_id)`,
      },
    })
    .returning({ id: s.id, confirmNonce: s.confirmNonce });
  if (row?.confirmNonce !== nonce) return;
  await sendNewsletterConfirmation(deps.mail, on, input.email, deps.links.url('confirm', { id: row.id, nonce }));
}

/**
 * The confirmation link, once: the row leaves 'unconfirmed' for 'subscribed' only while it still holds
 * the link's nonce, which the same update clears. Answers whether this opening confirmed it (and then
 * the welcome e-mail, the first marketing one, is written with it).
 */
export async function confirmNewsletter(deps: NewsletterDeps, subject: SignedSubject): Promise<boolean> {
  if (subject.nonce === undefined) return false;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ status: 'subscribed', confirmedAt: new Date(), confirmNonce: null })
      .where(
        and(eq(newsletterSubscribers.id, subject.id), eq(newsletterSubscribers.status, 'unconfirmed'), eq(newsletterSubscribers.confirmNonce, subject.nonce!)),
      )
      .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
    if (!row) return false;
    await sendNewsletterWelcome(deps.mail, tx, row.email, {
      shopUrl: new URL('/', deps.publicBase).toString(),
      unsubscribeUrl: newsletterUnsubscribeUrl(deps, row.id),
    });
    return true;
  });
}

/** The address a marketing e-mail's unsubscribe link and header point at. */
function newsletterUnsubscribeUrl(deps: Pick<NewsletterDeps, 'links'>, subscriberId: number): string {
  return deps.links.url('unsubscribe', { id: subscriberId });
}

/** Unsubscribe (link, one-click header, profile): no marketing from now on; doing it twice changes nothing. */
export async function unsubscribeFromNewsletter(db: Database | Transaction, where: { id: number } | { email: string }): Promise<void> {
  await db
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: new Date(), confirmNonce: null })
    .where(
      and(
        'id' in where ? eq(newsletterSubscribers.id, where.id) : eq(newsletterSubscribers.email, where.email),
        inArray(newsletterSubscribers.status, ['unconfirmed', 'subscribed']),
      ),
    );
}

/** A confirmed subscriber's id, the one thing that allows a marketing e-mail to an address; null otherwise. */
export async function confirmedSubscriberId(db: Database | Transaction, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.email, email.toLowerCase()), eq(newsletterSubscribers.status, 'subscribed')));
  return row?.id ?? null;
}

/** Whether an address has asked us to stop (a sign-up that was never confirmed is not a no). */
export async function hasUnsubscribed(db: Database | Transaction, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.email, email.toLowerCase()), eq(newsletterSubscribers.status, 'unsubscribed')));
  return row !== undefined;
}

const subscriberColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  status: newsletterSubscribers.status,
  source: newsletterSubscribers.source,
  consentText: newsletterSubscribers.consentText,
  signedUpAt: newsletterSubscribers.signedUpAt,
  confirmedAt: newsletterSubscribers.confirmedAt,
  unsubscribedAt: newsletterSubscribers.unsubscribedAt,
};

/** The admin's list: one page, newest sign-up first, with the whole list's counts per status. */
export async function listNewsletterSubscribers(db: Database, query: NewsletterSubscriberQuery): Promise<NewsletterSubscriberPage> {
  const where = and(
    query.status ? eq(newsletterSubscribers.status, query.status) : undefined,
    query.q ? ilike(newsletterSubscribers.email, likePattern(query.q)) : undefined,
  );
  const [rows, [total], byStatus] = await Promise.all([
    db
      .select(subscriberColumns)
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.signedUpAt), desc(newsletterSubscribers.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(newsletterSubscribers).where(where),
    db.select({ status: newsletterSubscribers.status, total: count() }).from(newsletterSubscribers).groupBy(newsletterSubscribers.status),
  ]);
  const counts = { subscribed: 0, unconfirmed: 0, unsubscribed: 0 };
  for (const row of byStatus) counts[row.status] = row.total;
  return {
    items: rows.map(({ consentText: _consentText, ...row }) => ({
      ...row,
      signedUpAt: row.signedUpAt.toISOString(),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    })),
    total: total?.total ?? 0,
    counts,
  };
}

const SUBSCRIBER_CSV_HEADER = ['email', 'status', 'source', 'consent_text', 'signed_up_at', 'confirmed_at', 'unsubscribed_at'] as const;

/** The export: every row with its consent evidence (source, wording, when confirmed), in address order; ISO times in UTC. */
export async function newsletterSubscribersCsv(db: Database): Promise<{ csv: string; count: number }> {
  const rows = await db.select(subscriberColumns).from(newsletterSubscribers).orderBy(newsletterSubscribers.email);
  const csv = toCsv(
    SUBSCRIBER_CSV_HEADER,
    rows.map((row) => [
      row.email,
      row.status,
      row.source,
      row.consentText,
      row.signedUpAt.toISOString(),
      row.confirmedAt?.toISOString() ?? '',
      row.unsubscribedAt?.toISOString() ?? '',
    ]),
  );
  return { csv, count: rows.length };
}

/**
 * "Send me no marketing" from an address that may not be on the list (an abandoned-checkout reminder's
 * unsubscribe): kept as an 'unsubscribed' row, so no later reminder or campaign reaches it.
 */
export async function optOutOfMarketing(db: Database | Transaction, email: string): Promise<void> {
  await db
    .insert(newsletterSubscribers)
    .values({ email: email.toLowerCase(), status: 'unsubscribed', source: 'checkout', consentText: '', unsubscribedAt: new Date() })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { status: 'unsubscribed', unsubscribedAt: new Date(), confirmNonce: null },
      setWhere: inArray(newsletterSubscribers.status, ['unconfirmed', 'subscribed']),
    });
}
