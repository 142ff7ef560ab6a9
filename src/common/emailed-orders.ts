import { EMAIL_DELIVERY } from './physical-lines.ts';

/**
 * What an order of gift cards alone shows where an address goes: it ships nothing, the shop e-mails each card
 * on its delivery day (decision 066), and since decision 071 it is placed with no street, city, state or ZIP.
 */
export const EMAILED_ONLY_LINE = 'Gift cards, e-mailed — no shipping address';

/**
 * Whether an order is gift cards alone: checkout records such a cart's delivery as the e-mail method, which
 * has no method id (a shop method of the same name has one), so an order of anything else never reads as it.
 */
export const shipsNothingOrder = (order: { shippingMethodId: number | null; shippingMethodName: string | null }): boolean =>
  order.shippingMethodId === null && order.shippingMethodName === EMAIL_DELIVERY.name;
