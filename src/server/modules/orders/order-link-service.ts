import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed order link opens its order (the lookup and every order e-mail hand one out). */
export const ORDER_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

type LinkCheck = 'valid' | 'invalid' | 'expired';

export interface OrderLinks {
  /** The key for /orders/<number>?key=...: its expiry and an HMAC over the number and that expiry. */
  sign(orderNumber: string, now?: Date): { key: string; expiresAt: Date };
  check(orderNumber: string, key: string, now?: Date): LinkCheck;
  /** The signed page address, relative to the shop. */
  path(orderNumber: string, now?: Date): { path: string; expiresAt: Date };
  /** The same, absolute on the shop's public address, for e-mails. */
  url(orderNumber: string, now?: Date): string;
}

/**
 * Signed order links: nothing stored, so nothing to clean up; a link opens one order until it
 * expires. The key is derived from the session secret (never the secret itself), so these
 * signatures and the session cookie's can never stand in for each other.
 */
export function createOrderLinks(sessionSecret: string, publicBase: string): OrderLinks {
  const key = createHmac('sha256', sessionSecret).update('order-links/v1').digest();
  const signature = (orderNumber: string, expires: number) => createHmac('sha256', key).update(`${orderNumber}\n${expires}`).digest('base64url');

  const links: OrderLinks = {
    sign(orderNumber, now = new Date()) {
      const expires = Math.floor((now.getTime() + ORDER_LINK_TTL_MS) / 1000);
      return { key: `${expires}.${signature(orderNumber, expires)}`, expiresAt: new Date(expires * 1000) };
    },
    check(orderNumber, given, now = new Date()) {
      const [expiresText = '', sent = ''] = given.split('.');
      const expires = Number(expiresText);
      if (!/^\d+$/.test(expiresText) || !Number.isSafeInteger(expires)) return 'invalid';
      const wanted = Buffer.from(signature(orderNumber, expires));
      const actual = Buffer.from(sent);
      if (actual.length !== wanted.length || !timingSafeEqual(actual, wanted)) return 'invalid';
      // only a genuine link is told it expired: the expiry is part of what was signed
      return expires * 1000 <= now.getTime() ? 'expired' : 'valid';
    },
    path(orderNumber, now) {
      const signed = links.sign(orderNumber, now);
      return { path: `/orders/${orderNumber}?key=${encodeURIComponent(signed.key)}`, expiresAt: signed.expiresAt };
    },
    url(orderNumber, now) {
      return new URL(links.path(orderNumber, now).path, publicBase).toString();
    },
  };
  return links;
}
