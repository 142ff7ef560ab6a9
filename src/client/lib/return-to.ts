// After signing in the shopper goes back where they were. Only a path on this site is followed:
// "//host", "/\host" (browsers read a backslash as a slash) or "https://..." would send them off-site.

const SIGN_IN_PATH = '/auth';

/** The path to return to, or "/" when the value is missing or could leave the site (or loop back to sign-in). */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // control characters and whitespace are dropped by URL parsers: "/\t/evil.com" would become "//evil.com"
  if ([...value].some((char) => char <= ' ' || char === '\u007f' || char === '\\')) return '/';
  const url = new URL(value, 'http://shop.invalid');
  if (url.origin !== 'http://shop.invalid' || url.pathname === SIGN_IN_PATH) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, remembering `from` (a path with its query) unless that is home; on the sign-in page, that page as it is. */
export function signInPath(from: string): string {
  if (from === SIGN_IN_PATH || from.startsWith(`${SIGN_IN_PATH}?`)) return from;
  const back = safeReturnTo(from);
  return back === '/' ? SIGN_IN_PATH : `${SIGN_IN_PATH}?returnTo=${encodeURIComponent(back)}`;
}
