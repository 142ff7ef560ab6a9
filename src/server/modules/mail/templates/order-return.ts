import { emailLayout, escapeHtml, textParagraph } from './html.ts';
import { contactLines, type ShopContact } from './order-refunded.ts';
import { orderEmailScope, orderLinkHtml, orderLinkText, SAMPLE_ORDER, type OrderEmailData, type RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts, type EmailTemplateDefinition } from './template-texts.ts';

/** A step of a return the customer is told about; the refund itself is told by the refund e-mail. */
export type ReturnEmailData =
  | { step: 'requested'; lines: string[] }
  | { step: 'approved'; lines: string[]; instructions: string }
  | { step: 'rejected'; lines: string[]; reason: string }
  | { step: 'received'; lines: string[] };

type Step = ReturnEmailData['step'];

// store credit has its own e-mail (store-credit.ts, decision 072)
const scope = (order: OrderEmailData, _data: ReturnEmailData, shopName: string) => orderEmailScope(order, shopName);

const SAMPLE_CONTACT: ShopContact = { email: 'hello@shop.example', phone: '555-0100', address: null };
const sampleLines = ['1 × Pro 16 Paddle (Blue)'];
const SAMPLES: { [S in Step]: Extract<ReturnEmailData, { step: S }> } = {
  requested: { step: 'requested', lines: sampleLines },
  approved: { step: 'approved', lines: sampleLines, instructions: 'Pack the paddle in its box and send it to 12 Baseline Ave, Austin, TX 78701.' },
  rejected: { step: 'rejected', lines: sampleLines, reason: 'The paddle has been used on court.' },
  received: { step: 'received', lines: sampleLines },
};

const greeting = 'Hi {{ customer.name }},';
const questions = 'Questions? Contact us:';

/** The default words of each step; `label` heads the owner's instructions or reason, set apart below. */
const DEFAULTS: { [S in Step]: Record<string, string> } = {
  requested: {
    subject: 'We received your return request for order #{{ order.number }} - {{ shop.name }}',
    heading: 'Return request received',
    greeting,
    intro:
      'Thank you: we have your request to return these items from order #{{ order.number }}.\nWe will e-mail you with instructions once we have looked at it.',
    questions,
  },
  approved: {
    subject: 'Your return for order #{{ order.number }} is approved - {{ shop.name }}',
    heading: 'Your return is approved',
    greeting,
    intro: 'Your return from order #{{ order.number }} is approved. Please send the items back as described below.',
    label: 'How to send it back',
    questions,
  },
  rejected: {
    subject: 'Your return request for order #{{ order.number }} - {{ shop.name }}',
    heading: 'We cannot accept this return',
    greeting,
    intro: 'We are sorry: we cannot accept the return of these items from order #{{ order.number }}.',
    label: 'Why',
    questions,
  },
  received: {
    subject: 'Your return for order #{{ order.number }} has arrived - {{ shop.name }}',
    heading: 'Your return has arrived',
    greeting,
    intro: 'The items you sent back from order #{{ order.number }} have arrived. We will e-mail you again when your refund or store credit is on its way.',
    questions,
  },
};

const LABELS: Record<Step, [label: string, description: string]> = {
  requested: ['Return requested', 'To the customer when they ask to return items: the request is in.'],
  approved: ['Return approved', "To the customer when the shop approves a return, with the owner's instructions for sending it back."],
  rejected: ['Return declined', 'To the customer when the shop declines a return, with the reason given.'],
  received: ['Return received', 'To the customer when the returned items arrive at the shop.'],
};

function returnTemplate(step: Step): EmailTemplateDefinition {
  const definition: EmailTemplateDefinition = defineEmailTemplate({
    key: `return-${step}`,
    label: LABELS[step][0],
    description: LABELS[step][1],
    defaults: DEFAULTS[step],
    sample: scope(SAMPLE_ORDER, SAMPLES[step], 'Pickleball Shop'),
    preview: (blocks) => renderOrderReturn(SAMPLE_ORDER, SAMPLES[step], 'Pickleball Shop', SAMPLE_CONTACT, blocks),
  });
  return definition;
}

/** One editable e-mail per step, sent as kind "return-<step>". */
export const orderReturnEmails: { [S in Step]: EmailTemplateDefinition } = {
  requested: returnTemplate('requested'),
  approved: returnTemplate('approved'),
  rejected: returnTemplate('rejected'),
  received: returnTemplate('received'),
};

/** The owner's instructions or reason, set apart under the step's label. */
function ownersMessage(data: ReturnEmailData): string | null {
  if (data.step === 'approved') return data.instructions;
  if (data.step === 'rejected') return data.reason;
  return null;
}

/** To the customer at each step of a return: requested, approved (with instructions), declined, received. */
export function renderOrderReturn(
  order: OrderEmailData,
  data: ReturnEmailData,
  shopName: string,
  contact: ShopContact,
  blocks?: Partial<Record<string, string>>,
): RenderedEmail {
  const t = renderTexts(orderReturnEmails[data.step], blocks, scope(order, data, shopName));
  const message = ownersMessage(data);
  const contacts = contactLines(contact);
  const html = emailLayout({
    shopName,
    heading: t.heading!,
    body: `${textParagraph(t.greeting!)}
${textParagraph(t.intro!)}
${data.lines.length ? `<ul style="margin:0 0 12px;padding-left:20px;">${data.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}
${message !== null ? `<p style="margin:0 0 4px;"><strong>${escapeHtml(t.label)}:</strong></p>${textParagraph(message)}` : ''}
${orderLinkHtml(order)}
${contacts.length ? `${textParagraph(t.questions!, '0 0 4px')}<p style="margin:0 0 12px;">${contacts.map(escapeHtml).join('<br>')}</p>` : ''}`,
  });
  const text = [
    t.greeting,
    '',
    t.intro,
    ...(data.lines.length ? ['', ...data.lines.map((line) => `- ${line}`)] : []),
    ...(message !== null ? ['', `${t.label}:`, message] : []),
    ...orderLinkText(order),
    ...(contacts.length ? ['', t.questions, ...contacts] : []),
    '',
    shopName,
  ].join('\n');
  return { subject: t.subject!, html, text };
}
