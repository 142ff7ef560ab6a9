const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111827}button{background:#1e40af;color:#fff;border:0;border-radius:6px;padding:.6rem 1.1rem;font-size:1rem;cursor:pointer}a{color:#1e40af}</style>
</head><body><main>${body}</main></body></html>`;

/** A plain page, not the shop's app: it must work from any mail client with nothing to load. */
export function unsubscribePage(token: string): string {
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe from this alert?</h1><p>You will get no back-in-stock e-mail for this item.</p>
<form method="post" action="/api/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function unsubscribedPage(): string {
  return page('Unsubscribed', `<h1>You are unsubscribed</h1><p>You will get no e-mail for this alert.</p><p><a href="/">Back to the shop</a></p>`);
}
