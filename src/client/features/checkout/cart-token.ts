const CART_TOKEN_KEY = 'pickleball-checkout-token';

function newToken(): string {
  return crypto.randomUUID();
}

/**
 * The id of the cart being paid for, kept beside the cart: the server closes this cart's earlier
 * unpaid payment whenever a new one is started (address changed, card declined, second tab), so a
 * shopper never holds stock twice. A fresh one starts after a successful payment.
 */
export function currentCartToken(): string {
  try {
    const stored = window.localStorage.getItem(CART_TOKEN_KEY);
    if (stored) return stored;
    const token = newToken();
    window.localStorage.setItem(CART_TOKEN_KEY, token);
    return token;
  } catch {
    // storage refused (private mode): one token for this page's life still replaces its own payments
    return (fallbackToken ??= newToken());
  }
}

let fallbackToken: string | undefined;

export function startNewCartToken(): void {
  fallbackToken = undefined;
  try {
    window.localStorage.setItem(CART_TOKEN_KEY, newToken());
  } catch {
    // nothing stored, nothing to replace
  }
}
