import { giftCardDeliveryEmail } from './gift-card-delivery.ts';
import { orderCancelledEmail } from './order-cancelled.ts';
import { orderConfirmationEmail } from './order-confirmation.ts';
import { orderShippedEmail } from './order-shipped.ts';
import { passwordResetEmail } from './password-reset.ts';
import type { EmailTemplateDefinition } from './template-texts.ts';

/**
 * Every e-mail whose words the owner can edit (decision 060). Adding one is one line here: its file exports a
 * `defineEmailTemplate({ key, label, description, defaults, sample, preview })` and its render function takes the
 * owner's `blocks` (read with `readTemplateBlocks(db, key)`) and renders them with `renderTexts`.
 */
export const EMAIL_TEMPLATES: readonly EmailTemplateDefinition[] = [
  orderConfirmationEmail,
  orderShippedEmail,
  orderCancelledEmail,
  passwordResetEmail,
  giftCardDeliveryEmail,
];

export function findEmailTemplate(key: string): EmailTemplateDefinition | undefined {
  return EMAIL_TEMPLATES.find((template) => template.key === key);
}
