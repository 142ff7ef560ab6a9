import { GIFT_CARD_TYPE_SLUG } from '#common/gift-cards.ts';
import type { Product } from '#common/schemas/catalog.ts';
import type { GiftCardRecipient } from '#common/schemas/gift-card-shopper.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';

/** The product page's product is a gift card when its type is the Gift Card type (decision 066). */
export function isGiftCardProduct(product: Product): boolean {
  const type = (product as { productType?: { slug?: string } }).productType;
  return type?.slug === GIFT_CARD_TYPE_SLUG;
}

/** The shopper's own date, "YYYY-MM-DD": the day they see as today. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export interface RecipientDraft {
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
}

export const emptyRecipient = (): RecipientDraft => ({ recipientName: '', recipientEmail: '', message: '', deliverOn: localToday() });

// The schema (and zod with it) loads when the shopper starts on the form, not with every product page (decision 068).
const loadSchema = () => import('#common/schemas/gift-card-shopper.ts');

/** The draft as the server takes it, or each field's problem in the server's own words (the same schema). */
export async function readRecipient(
  draft: RecipientDraft,
): Promise<{ recipient: GiftCardRecipient } | { problems: Partial<Record<keyof RecipientDraft, string>> }> {
  const { GiftCardRecipient } = await loadSchema();
  const parsed = GiftCardRecipient.safeParse(draft);
  if (parsed.success) return { recipient: parsed.data };
  const problems: Partial<Record<keyof RecipientDraft, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof RecipientDraft;
    problems[field] ??= issue.message;
  }
  return { problems };
}

interface GiftCardRecipientFieldsProps {
  draft: RecipientDraft;
  problems: Partial<Record<keyof RecipientDraft, string>>;
  /** the draft with one field changed, and which (its problem no longer applies) */
  onChange: (draft: RecipientDraft, field: keyof RecipientDraft) => void;
}

/** Who the gift card is for, a message, and the day it is e-mailed (today or later). */
export function GiftCardRecipientFields({ draft, problems, onChange }: GiftCardRecipientFieldsProps) {
  const set = (field: keyof RecipientDraft) => (event: { target: { value: string } }) => onChange({ ...draft, [field]: event.target.value }, field);
  return (
    <fieldset className="grid gap-3 rounded-lg border border-gray-200 p-4 sm:grid-cols-2" onFocus={() => void loadSchema()}>
      <legend className="px-1 text-sm font-semibold text-gray-900">Who is it for?</legend>
      <FormField label="Recipient name" error={problems.recipientName}>
        <Input value={draft.recipientName} onChange={set('recipientName')} autoComplete="off" maxLength={100} />
      </FormField>
      <FormField label="Recipient e-mail" error={problems.recipientEmail}>
        <Input type="email" value={draft.recipientEmail} onChange={set('recipientEmail')} autoComplete="off" maxLength={254} />
      </FormField>
      <FormField label="Message (optional)" error={problems.message} className="sm:col-span-2">
        <Textarea value={draft.message} onChange={set('message')} rows={3} maxLength={500} />
      </FormField>
      <FormField label="Send on" hint="We e-mail the card on this day" error={problems.deliverOn}>
        <Input type="date" value={draft.deliverOn} min={localToday()} onChange={set('deliverOn')} />
      </FormField>
    </fieldset>
  );
}
