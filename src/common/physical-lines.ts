// Gift cards travel by e-mail (decision 066): shipping is priced on the lines a parcel carries, and a cart of
// only gift cards ships nothing. The server's quote and the cart and checkout pages share these rules.

/** The method a cart of only gift cards is given in place of the shop's shipping methods. */
export const EMAIL_DELIVERY = { id: 'email', name: 'Delivered by e-mail', kind: 'delivery' } as const;

interface Line {
  /** a Gift Card product's line: on the server its product type, on the page the recipient it carries */
  giftCard?: unknown;
}

/** The lines a parcel carries. */
export function physicalLines<T extends Line>(lines: readonly T[]): T[] {
  return lines.filter((line) => !line.giftCard);
}

/** Every line is a gift card: nothing is shipped, so nothing is charged for shipping. */
export function shipsNothing(lines: readonly Line[]): boolean {
  return lines.length > 0 && lines.every((line) => line.giftCard);
}

/**
 * What shipping's rules compare for a cart: the parcel's weight and the goods in it, before and after their
 * discounts. A gift card's amount counts toward no free-shipping threshold or subtotal bracket (decision 066).
 */
export function shippedGoods(lines: ReadonlyArray<Line & { priceCents: number; quantity: number; weightGrams?: number; discountCents?: number }>): {
  weightGrams: number;
  subtotalCents: number;
  discountedSubtotalCents: number;
} {
  const physical = physicalLines(lines);
  const subtotalCents = physical.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const discountCents = physical.reduce((sum, line) => sum + (line.discountCents ?? 0), 0);
  return {
    weightGrams: physical.reduce((sum, line) => sum + (line.weightGrams ?? 0) * line.quantity, 0),
    subtotalCents,
    discountedSubtotalCents: Math.max(0, subtotalCents - discountCents),
  };
}

/**
 * The e-mail delivery as a priced option: free, arriving on the earliest and latest days the recipients' cards are
 * sent (today when the days are not given, as when only the rates are asked for).
 */
export function emailDeliveryOption(deliverOn: readonly string[], today: string) {
  const days = deliverOn.length > 0 ? [...deliverOn].sort() : [today];
  return { ...EMAIL_DELIVERY, priceCents: 0, arrivesFrom: days[0]!, arrivesBy: days[days.length - 1]! };
}
