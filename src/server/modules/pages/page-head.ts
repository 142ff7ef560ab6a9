// What a page says about itself in <head>: one plain object per page, returned by its loader
// (page-loaders.ts), written out here. Structured data (jsonLd) is a list of objects, each becoming a
// <script type="application/ld+json">.

export interface PageHead {
  /** The whole <title>, as the client's useDocumentTitle writes it ("{page} | {site title}"). */
  title: string;
  description: string;
  /** Path (and query) of the page's canonical address, without tracking parameters. */
  canonical: string;
  /** Path or absolute URL of the preview image, or null for none. */
  image: string | null;
  ogType: 'website' | 'product';
  jsonLd: object[];
  /** Pages that should not be indexed (not found, failures, the cart). */
  noindex?: boolean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON safe inside a <script> element: no "</script>", no "<!--", no line separators breaking old parsers. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => SCRIPT_ESCAPES[char]!);
}

/** A path made absolute against the shop's origin (absolute URLs stay as they are). */
function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : new URL(pathOrUrl, origin).toString();
}

/** The page's tags for <head>: title, description, canonical, Open Graph, Twitter card and JSON-LD. */
export function renderHead(head: PageHead, origin: string, siteName: string): string {
  const canonical = absoluteUrl(origin, head.canonical);
  const image = head.image ? absoluteUrl(origin, head.image) : null;
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return tags.join('\n    ');
}

/** Plain text of at most `max` characters, cut at a word, for a meta description. */
export function summary(text: string | null | undefined, max = 160): string {
  const plain = (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
