/** The /shop address of a search, or null when the text is blank after trimming. */
export function shopSearchPath(text: string): string | null {
  const term = text.trim();
  return term ? `/shop?search=${encodeURIComponent(term)}` : null;
}
