import { formatCents } from '#common/money.ts';
import { emailLayout, escapeHtml } from './html.ts';
import { contactLines, type ShopContact } from './order-refunded.ts';
import { orderLinkHtml, orderLinkText, shownNumber, type OrderEmailData, type RenderedEmail } from './order-summary.ts';

/** A step of a return the customer is told about; the refund itself is told by the refund e-mail. */
export type ReturnEmailData =
  | { step: 'requested'; lines: string[] }
  | { step: 'approved'; lines: string[]; instructions: string }
  | { step: 'rejected'; lines: string[]; reason: string }
  | { step: 'received'; lines: string[] }
  | { step: 'credited'; lines: string[]; code: string; amountCents: number };

interface Wording {
  subject: string;
  heading: string;
  sentences: string[];
  /** the owner's words, set apart: return instructions or why a return was declined */
  message?: { label: string; text: string };
  /** the store credit code, shown large */
  code?: string;
}

function wording(data: ReturnEmailData, number: string): Wording {
  switch (data.step) {
    case 'requested':
      return {
        subject: `We received your return request for order #${number}`,
        heading: 'Return request received',
        sentences: [
          `Thank you: we have your request to return these items from order #${number}.`,
          'We will e-mail you with instructions once we have looked at it.',
        ],
      };
    case 'approved':
      return {
        subject: `Your return for order #${number} is approved`,
        heading: 'Your return is approved',
        sentences: [`Your return from order #${number} is approved. Please send the items back as described below.`],
        message: { label: 'How to send it back', text: data.instructions },
      };
    case 'rejected':
      return {
        subject: `Your return request for order #${number}`,
        heading: 'We cannot accept this return',
        sentences: [`We are sorry: we cannot accept the return of these items from order #${number}.`],
        message: { label: 'Why', text: data.reason },
      };
    case 'received':
      return {
        subject: `Your return for order #${number} has arrived`,
        heading: 'Your return has arrived',
        sentences: [`The items you sent back from order #${number} have arrived. We will e-mail you again when your refund or store credit is on its way.`],
      };
    case 'credited':
      return {
        subject: `Your store credit of ${formatCents(data.amountCents)} for order #${number}`,
        heading: 'Your store credit',
        sentences: [
          `For the items you returned from order #${number}, here is store credit of ${formatCents(data.amountCents)}.`,
          'Enter this code as a coupon at checkout. It can be used once, on one order.',
        ],
        code: data.code,
      };
  }
}

/** To the customer at each step of a return: requested, approved (with instructions), declined, received, credited. */
export function renderOrderReturn(order: OrderEmailData, data: ReturnEmailData, shopName: string, contact: ShopContact): RenderedEmail {
  const number = shownNumber(order);
  const words = wording(data, number);
  const contacts = contactLines(contact);
  const html = emailLayout({
    shopName,
    heading: words.heading,
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(order.customerName)},</p>
${words.sentences.map((sentence) => `<p style="margin:0 0 12px;">${escapeHtml(sentence)}</p>`).join('\n')}
${data.lines.length ? `<ul style="margin:0 0 12px;padding-left:20px;">${data.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}
${words.message ? `<p style="margin:0 0 4px;"><strong>${escapeHtml(words.message.label)}:</strong></p><p style="margin:0 0 12px;white-space:pre-line;">${escapeHtml(words.message.text)}</p>` : ''}
${words.code ? `<p style="margin:0 0 16px;font-size:22px;font-weight:bold;letter-spacing:2px;">${escapeHtml(words.code)}</p>` : ''}
${orderLinkHtml(order)}
${contacts.length ? `<p style="margin:0 0 4px;">Questions? Contact us:</p><p style="margin:0 0 12px;">${contacts.map(escapeHtml).join('<br>')}</p>` : ''}`,
  });
  const text = [
    `Hi ${order.customerName},`,
    '',
    ...words.sentences,
    ...(data.lines.length ? ['', ...data.lines.map((line) => `- ${line}`)] : []),
    ...(words.message ? ['', `${words.message.label}:`, words.message.text] : []),
    ...(words.code ? ['', `Your code: ${words.code}`] : []),
    ...orderLinkText(order),
    ...(contacts.length ? ['', 'Questions? Contact us:', ...contacts] : []),
    '',
    shopName,
  ].join('\n');
  return { subject: `${words.subject} - ${shopName}`, html, text };
}
