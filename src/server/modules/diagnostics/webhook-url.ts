const WEBHOOK_PATH = '/api/stripe/webhook';

/** Where Stripe must send this shop's events: PUBLIC_URL when set, else the origin the admin reached us on. */
export function shopWebhookUrl(publicUrl: string | undefined, requestOrigin: string): string {
  const base = (publicUrl ?? requestOrigin).replace(/\/+$/, '');
  return `${base}${WEBHOOK_PATH}`;
}

/** Same scheme, host (any case), port and path (a trailing slash aside). */
export function sameWebhookUrl(a: string, b: string): boolean {
  try {
    const left = new URL(a);
    const right = new URL(b);
    const path = (url: URL) => url.pathname.replace(/\/+$/, '');
    return left.protocol === right.protocol && left.host === right.host && path(left) === path(right);
  } catch {
    return false;
  }
}
