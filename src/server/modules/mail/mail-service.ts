import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { emailOutbox } from '#server/db/schema.ts';

export interface MailMessage {
  /** what the message is for ("order-confirmation", "test", ...): the admin outbox groups by it */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** the order an order e-mail is about, for the order's timeline */
  orderId?: number;
}

export interface MailResult {
  outboxId: number;
  status: 'stored' | 'sent' | 'failed';
  error?: string;
}

export interface MailService {
  transport: 'smtp' | 'outbox';
  /** Records the message in email_outbox and, with SMTP_URL, sends it. Never throws for a mail failure. */
  send(message: MailMessage): Promise<MailResult>;
  /** The customer's order page as a signed link, for order e-mails; absent in tests that build a bare mailer. */
  orderPageUrl?: (orderNumber: string) => string;
  close(): void;
}

/**
 * Every message lands in email_outbox (readable in the admin area); with SMTP_URL
 * it is also sent and its row says whether that worked. A failed send never fails the caller:
 * an order is paid whether or not its e-mail went out.
 */
export function createMailService({
  config,
  db,
  orderPageUrl,
}: {
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;
  db: Database;
  orderPageUrl?: (orderNumber: string) => string;
}): MailService {
  let transporter: Transporter | null = null;
  const smtp = () => (transporter ??= nodemailer.createTransport(config.SMTP_URL!));

  return {
    transport: config.SMTP_URL ? 'smtp' : 'outbox',
    orderPageUrl,
    async send(message) {
      const [row] = await db
        .insert(emailOutbox)
        .values({
          kind: message.kind,
          orderId: message.orderId ?? null,
          recipient: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
        })
        .returning({ id: emailOutbox.id });
      const outboxId = row!.id;
      if (!config.SMTP_URL) return { outboxId, status: 'stored' };
      try {
        await smtp().sendMail({ from: config.MAIL_FROM, to: message.to, subject: message.subject, html: message.html, text: message.text });
        await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(emailOutbox.id, outboxId));
        return { outboxId, status: 'sent' };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db
          .update(emailOutbox)
          .set({ status: 'failed', error: reason.slice(0, 1000) })
          .where(eq(emailOutbox.id, outboxId));
        return { outboxId, status: 'failed', error: reason };
      }
    },
    close() {
      transporter?.close();
      transporter = null;
    },
  };
}
