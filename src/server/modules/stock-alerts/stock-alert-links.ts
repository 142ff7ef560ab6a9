import { createSignedLinks } from '#server/http/signed-links.ts';

type Purpose = 'confirm' | 'unsubscribe';

export interface StockAlertLinks {
  /** The absolute confirm or unsubscribe address of one sign-up. */
  url(purpose: Purpose, alertId: number): string;
  /** The sign-up a token names, or null for a tampered or foreign one. */
  check(purpose: Purpose, token: string): number | null;
}

/** Signed links for back-in-stock sign-ups (http/signed-links.ts), under their own key. */
export function createStockAlertLinks(sessionSecret: string, publicBase: string): StockAlertLinks {
  const links = createSignedLinks<Purpose>({ sessionSecret, use: 'stock-alert-links/v1', publicBase, path: '/api/stock-alerts' });
  return {
    url: (purpose, alertId) => links.url(purpose, { id: alertId }),
    check(purpose, token) {
      const subject = links.check(purpose, token);
      return subject && subject.nonce === undefined ? subject.id : null;
    },
  };
}
