import type { Database, Transaction } from '#server/db/client.ts';
import { readTemplateBlocks } from './email-template-service.ts';
import type { MailResult, MailService } from './mail-service.ts';
import { readShop } from './shop-details.ts';
import { renderCheckoutReminder, type CheckoutReminderData } from './templates/checkout-recovery.ts';
import type { RenderedEmail } from './templates/order-summary.ts';
import { renderNewsletterConfirm, renderNewsletterWelcome } from './templates/newsletter.ts';

/**
 * RFC 8058: a mail client offers "Unsubscribe" and POSTs to the https address without opening it.
 * Every marketing e-mail carries these, and so does the back-in-stock alert (its own sign-up's link).
 */
export function oneClickUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** A marketing e-mail: only ever to a confirmed subscriber (the caller's check), always with its unsubscribe headers. */
function sendMarketingEmail(
  mail: MailService,
  db: Database | Transaction,
  message: RenderedEmail & { kind: string; to: string; unsubscribeUrl: string },
): Promise<MailResult> {
  const { unsubscribeUrl, ...rest } = message;
  return mail.send({ ...rest, headers: oneClickUnsubscribeHeaders(unsubscribeUrl) }, db);
}

/** The double opt-in e-mail of a newsletter sign-up (transactional: it was asked for, and carries no marketing). */
export async function sendNewsletterConfirmation(mail: MailService, db: Database | Transaction, to: string, confirmUrl: string): Promise<MailResult> {
  const { shopName } = await readShop(db);
  const blocks = await readTemplateBlocks(db, 'newsletter-confirm');
  return mail.send({ kind: 'newsletter-confirm', to, ...renderNewsletterConfirm({ confirmUrl }, shopName, blocks) }, db);
}

/** The welcome e-mail once the link is opened: the first marketing e-mail an address gets. */
export async function sendNewsletterWelcome(
  mail: MailService,
  db: Database | Transaction,
  to: string,
  links: { shopUrl: string; unsubscribeUrl: string },
): Promise<MailResult> {
  const { shopName } = await readShop(db);
  const blocks = await readTemplateBlocks(db, 'newsletter-welcome');
  return sendMarketingEmail(mail, db, {
    kind: 'newsletter-welcome',
    to,
    unsubscribeUrl: links.unsubscribeUrl,
    ...renderNewsletterWelcome(links, shopName, blocks),
  });
}

/** An abandoned-checkout reminder (decision 056), written in the transaction that claims it. */
export async function sendCheckoutReminder(mail: MailService, db: Database | Transaction, to: string, data: CheckoutReminderData): Promise<MailResult> {
  const { shopName } = await readShop(db);
  const blocks = await readTemplateBlocks(db, 'checkout-reminder');
  return sendMarketingEmail(mail, db, {
    kind: 'checkout-reminder',
    to,
    unsubscribeUrl: data.unsubscribeUrl,
    ...renderCheckoutReminder(data, shopName, blocks),
  });
}
