import type { Database } from '#server/db/client.ts';
import { readTemplateBlocks } from './email-template-service.ts';
import type { MailResult, MailService } from './mail-service.ts';
import { readShop } from './shop-details.ts';
import { renderReviewReply, type ReviewReplyEmailData } from './templates/review-reply.ts';

/** The owner's reply to a review, to its author (through the outbox like every e-mail). */
export async function sendReviewReplyEmail(mail: MailService, db: Database, to: string, data: ReviewReplyEmailData): Promise<MailResult> {
  const { shopName } = await readShop(db);
  const blocks = await readTemplateBlocks(db, 'review-reply');
  return mail.send({ kind: 'review-reply', to, ...renderReviewReply(data, shopName, blocks) });
}
