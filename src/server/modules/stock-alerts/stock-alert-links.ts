import { createHmac, timingSafeEqual } from 'node:crypto';

type Purpose = 'confirm' | 'unsubscribe';

export interface StockAlertLinks {
  /** The absolute confirm or unsubscribe address of one sign-up. */
  url(purpose: Purpose, alertId: number): string;
  /** The sign-up a token names, or null for a tampered or foreign one. */
  check(purpose: Purpose, token: string): number | null;
}

/**
 * Signed links for back-in-stock sign-ups: `<id>.<HMAC(purpose, id)>`, nothing stored. They never
 * expire (an unsubscribe link must keep working), and the key is derived from the session secret
 * for this use only, so no other signature can stand in for one.
 */
export function createStockAlertLinks(sessionSecret: string, publicBase: string): StockAlertLinks {
  const key = createHmac('sha256', sessionSecret).update('stock-alert-links/v1').digest();
  const signature = (purpose: Purpose, id: number) => createHmac('sha256', key).update(`${purpose}\n${id}`).digest('base64url');
  return {
    url(purpose, alertId) {
      return new URL(`/api/stock-alerts/${purpose}?token=${alertId}.${signature(purpose, alertId)}`, publicBase).toString();
    },
    check(purpose, token) {
      const [idText = '', sent = ''] = token.split('.');
      const id = Number(idText);
      if (!/^[1-9]\d{0,9}$/.test(idText) || id > 2_147_483_647) return null;
      const wanted = Buffer.from(signature(purpose, id));
      const actual = Buffer.from(sent);
      return actual.length === wanted.length && timingSafeEqual(actual, wanted) ? id : null;
    },
  };
}
