import { fillEmailShell } from './email-shell.ts';

// Every value that reaches an e-mail's HTML goes through escapeHtml: names and addresses are shopper input.

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => entities[char]!);
}

/** An owner's block (decision 060) as a paragraph: escaped, its line breaks kept. */
export function textParagraph(text: string, margin = '0 0 12px'): string {
  return `<p style="margin:${margin};white-space:pre-line;">${escapeHtml(text)}</p>`;
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

/**
 * Every e-mail's frame: the shop's name on top, the heading, the body, and a footer with the shop's name and
 * postal address (and, in marketing e-mails, the unsubscribe line the body already carries). The frame is the
 * MJML layout of email-shell.ts; the body is inline-styled HTML, because mail clients drop style sheets.
 */
export function emailLayout(options: { shopName: string; heading: string; body: string; address?: string | null }): string {
  const footer = [options.shopName, options.address].filter(Boolean).map((line) => escapeHtml(line));
  return fillEmailShell({
    TITLE: escapeHtml(options.heading),
    SHOP: escapeHtml(options.shopName),
    HEADING: escapeHtml(options.heading),
    BODY: options.body,
    FOOTER: `<p style="margin:0;white-space:pre-line;">${footer.join('<br>')}</p>`,
  });
}
