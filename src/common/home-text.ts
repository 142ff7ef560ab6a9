// The home page's rich text (decision 061): a small, safe subset of markdown. Blank lines separate blocks;
// a block whose lines all start with "- " is a list; "**bold**" and "[words](/path or https://...)" inside
// a line. The result is data the storefront draws as React elements (text escaped by React): no HTML the
// owner writes ever reaches the page, and a link goes nowhere but a shop path or an https address.

export type Inline = { kind: 'text'; text: string } | { kind: 'bold'; text: string } | { kind: 'link'; text: string; href: string };
type TextBlock = { kind: 'paragraph'; inlines: Inline[] } | { kind: 'list'; items: Inline[][] };

const INLINE = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Where a link may point: the shop's own paths ("/shop?type=paddles", not "//elsewhere") and https addresses. */
export function isSafeHref(href: string): boolean {
  if (/^\/(?!\/)/.test(href)) return true;
  try {
    return new URL(href).protocol === 'https:';
  } catch {
    return false;
  }
}

function inlines(line: string): Inline[] {
  const parts: Inline[] = [];
  let last = 0;
  for (const match of line.matchAll(INLINE)) {
    if (match.index > last) parts.push({ kind: 'text', text: line.slice(last, match.index) });
    const [whole, bold, linkText, href] = match;
    if (bold !== undefined) parts.push({ kind: 'bold', text: bold });
    else if (linkText !== undefined && href !== undefined && isSafeHref(href)) parts.push({ kind: 'link', text: linkText, href });
    else parts.push({ kind: 'text', text: linkText ?? whole });
    last = match.index + whole.length;
  }
  if (last < line.length) parts.push({ kind: 'text', text: line.slice(last) });
  return parts;
}

export function parseRichText(body: string): TextBlock[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
    .map((lines): TextBlock =>
      lines.every((line) => line.startsWith('- '))
        ? { kind: 'list', items: lines.map((line) => inlines(line.slice(2).trim())) }
        : { kind: 'paragraph', inlines: inlines(lines.join(' ')) },
    );
}
