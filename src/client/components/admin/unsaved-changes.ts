import { useEffect } from 'react';

/**
 * Whether two plain form drafts hold the same values, keys in any order: a field typed and typed back,
 * or a row toggled off and on, is no change to save.
 */
export function sameDraft(one: unknown, other: unknown): boolean {
  if (Object.is(one, other)) return true;
  if (typeof one !== 'object' || typeof other !== 'object' || one === null || other === null) return false;
  if (Array.isArray(one) !== Array.isArray(other)) return false;
  if (Array.isArray(one) && Array.isArray(other)) return one.length === other.length && one.every((value, index) => sameDraft(value, other[index]));
  const left = one as Record<string, unknown>;
  const right = other as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && sameDraft(left[key], right[key]));
}

/** While there is something unsaved, closing or reloading the tab asks the browser's own "Leave site?" first. */
export function useLeaveWarning(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
