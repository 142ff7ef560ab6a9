import { checkoutReminderEmail } from './checkout-recovery.ts';
import { emailChangeConfirmEmail, emailChangedNoticeEmail } from './email-change.ts';
import { giftCardDeliveryEmail } from './gift-card-delivery.ts';
import { newOrderNoticeEmail } from './new-order-notice.ts';
import { newsletterConfirmEmail, newsletterWelcomeEmail } from './newsletter.ts';
import { orderCancelledNoticeEmail } from './order-cancelled-notice.ts';
import { orderCancelledEmail } from './order-cancelled.ts';
import { orderConfirmationEmail } from './order-confirmation.ts';
import { orderLinkEmail } from './order-link.ts';
import { orderRefundedEmail } from './order-refunded.ts';
import { orderReturnEmails } from './order-return.ts';
import { readyForPickupEmail, shipmentSentEmail } from './order-shipment.ts';
import { orderShippedEmail } from './order-shipped.ts';
import { passwordResetEmail } from './password-reset.ts';
import { registrationAttemptEmail } from './registration-attempt.ts';
import { reviewReplyEmail } from './review-reply.ts';
import { staffInvitationEmail } from './staff-invitation.ts';
import { storeCreditEmail } from './store-credit.ts';
import { backInStockEmail, stockAlertConfirmEmail } from './stock-alert.ts';
import type { EmailTemplateDefinition } from './template-texts.ts';

/**
 * Every e-mail the shop sends, with the words the owner can edit (decision 060), in the order the admin lists
 * them. Adding one is one line here: its file exports a `defineEmailTemplate({ key, label, description,
 * defaults, sample, preview })` and its render function takes the owner's `blocks` (read with
 * `readTemplateBlocks(db, key)`) and renders them with `renderTexts`. registry.test.ts fails while an
 * e-mail is sent as a kind no template here names.
 */
export const EMAIL_TEMPLATES: readonly EmailTemplateDefinition[] = [
  // orders
  orderConfirmationEmail,
  shipmentSentEmail,
  orderShippedEmail,
  readyForPickupEmail,
  orderCancelledEmail,
  orderRefundedEmail,
  orderLinkEmail,
  // returns
  orderReturnEmails.requested,
  orderReturnEmails.approved,
  orderReturnEmails.rejected,
  orderReturnEmails.received,
  storeCreditEmail,
  // gift cards, alerts and marketing
  giftCardDeliveryEmail,
  stockAlertConfirmEmail,
  backInStockEmail,
  newsletterConfirmEmail,
  newsletterWelcomeEmail,
  checkoutReminderEmail,
  // accounts
  passwordResetEmail,
  registrationAttemptEmail,
  emailChangeConfirmEmail,
  emailChangedNoticeEmail,
  staffInvitationEmail,
  reviewReplyEmail,
  // to the shop's own staff
  newOrderNoticeEmail,
  orderCancelledNoticeEmail,
];

export function findEmailTemplate(key: string): EmailTemplateDefinition | undefined {
  return EMAIL_TEMPLATES.find((template) => template.key === key);
}

/** The outbox kinds the shop's e-mails are sent as: each template's own, else its key. */
export const emailKindsOf = (template: EmailTemplateDefinition): readonly string[] => template.kinds ?? [template.key];
