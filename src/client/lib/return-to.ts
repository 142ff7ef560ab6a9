import { safeReturnTo, SIGN_IN_PATH } from '#common/return-to.ts';

/** The sign-in page, remembering `from` (a path with its query) unless that is home; on the sign-in page, that page as it is. */
export function signInPath(from: string): string {
  if (from === SIGN_IN_PATH || from.startsWith(`${SIGN_IN_PATH}?`)) return from;
  const back = safeReturnTo(from);
  return back === '/' ? SIGN_IN_PATH : `${SIGN_IN_PATH}?returnTo=${encodeURIComponent(back)}`;
}
