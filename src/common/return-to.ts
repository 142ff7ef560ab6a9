// After signing in the shopper goes back where they were (?returnTo=). Only a path on this site is
// followed. The value is normalised the way a browser will read it, then the result is checked:
// "/.//evil.example" and "/a/..//evil.example" become "//evil.example", which a browser reads as another
// site (and history.replaceState refuses, leaving a blank page).

export const SIGN_IN_PATH = '/auth';

// any origin would do: only whether the value stays on it matters
const HERE = 'https://shop.invalid';

/** The path to return to, or "/" when the value is missing, doubtful, could leave the site, or loops back to sign-in. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/')) return '/';
  // URL parsers drop control characters and whitespace ("/\t/evil.example" is "//evil.example") and read a
  // backslash as a slash: none belongs in a path the shop links to
  if ([...value].some((char) => char <= ' ' || char === '\u007f' || char === '\\')) return '/';
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return '/';
  }
  // after normalising (dot segments resolved) the path must still start with one "/" and no second
  if (url.origin !== HERE || !/^\/(?![/\\])/.test(url.pathname)) return '/';
  if (url.pathname.replace(/\/+$/, '').toLowerCase() === SIGN_IN_PATH) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
