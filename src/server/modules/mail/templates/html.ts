// Every value that reaches an e-mail's HTML goes through escapeHtml: names and addresses are shopper input.

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => entities[char]!);
}

/** Only http(s) links are rendered as links: a "javascript:" tracking URL stays text. */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** A plain, readable shell: inline styles only, because mail clients drop style sheets. */
export function emailLayout(options: { shopName: string; heading: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(options.heading)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
<div style="max-width:600px;margin:0 auto;padding:24px;">
<div style="background:#1e40af;color:#ffffff;padding:16px 24px;border-radius:8px 8px 0 0;font-size:20px;font-weight:bold;">${escapeHtml(options.shopName)}</div>
<div style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px;">
<h1 style="font-size:22px;margin:0 0 16px;">${escapeHtml(options.heading)}</h1>
${options.body}
</div>
</div>
</body>
</html>`;
}
