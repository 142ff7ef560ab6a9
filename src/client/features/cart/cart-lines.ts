import type { GiftCardRecipient } from '#common/schemas/gift-card-shopper.ts';
import { formatPrice } from '#common/money.ts';
import { isSoldOut, lineImage, linePrice, lineStock, type CartItem, type LineChange } from './cart-rules.ts';

// How a line reads on the cart page, in the drawer and at checkout: apart from cart-rules.ts, which the header's
// badge needs on every page, so that the first load does not carry the wording of lines it does not show.

/** The line's own account of what changed since it was put in the cart (and whether it can be ordered). */
export function lineNotes(item: CartItem, change: LineChange | undefined): string[] {
  const notes: string[] = [];
  if (isSoldOut(item)) notes.push('Sold out: not included in your order. Remove it, or keep it here until it is back in stock.');
  if (change?.previousPrice !== undefined) notes.push(`Price changed from ${formatPrice(change.previousPrice)} to ${formatPrice(linePrice(item))}.`);
  if (change?.previousQuantity !== undefined) {
    notes.push(`Only ${lineStock(item)} available: quantity lowered from ${change.previousQuantity} to ${item.quantity}.`);
  }
  return notes;
}

/** A line as checkout prices and shows it: the variant's price, id, name and image when it has one, and what changed. */
export function checkoutLine(
  item: CartItem,
  change?: LineChange,
): {
  product: { id: number; name: string; price: string };
  variantId: number | null;
  quantity: number;
  variantName: string | null;
  imageUrl: string | null;
  notes: string[];
  giftCard?: GiftCardRecipient;
} {
  return {
    product: { id: item.product.id, name: item.product.name, price: linePrice(item) },
    variantId: item.variant?.id ?? null,
    quantity: item.quantity,
    variantName: item.variant?.name ?? null,
    imageUrl: lineImage(item),
    notes: [...lineNotes(item, change), ...(item.giftCard ? [giftCardNote(item.giftCard)] : [])],
    ...(item.giftCard && { giftCard: item.giftCard }),
  };
}

/** Under a gift card line: who it goes to and when. */
function giftCardNote(giftCard: GiftCardRecipient): string {
  const day = new Date(`${giftCard.deliverOn}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return `E-mailed to ${giftCard.recipientName} (${giftCard.recipientEmail}) on ${day}`;
}
