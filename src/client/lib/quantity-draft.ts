/**
 * The quantity a typed draft commits to: a whole number clamped to 1..max (max below 1 counts as 1).
 * Text that is no number (an emptied field) keeps the current quantity, so clearing the field to retype loses nothing.
 */
export function committedQuantity(draft: string, current: number, max: number): number {
  const upper = Math.max(1, max);
  const value = draft.trim() === '' ? Number.NaN : Number(draft);
  if (!Number.isFinite(value)) return Math.min(upper, Math.max(1, current));
  return Math.min(upper, Math.max(1, Math.trunc(value)));
}

/** A draft that is already a valid quantity, applied while typing; anything else waits for the commit. */
export function liveQuantity(draft: string, max: number): number | null {
  const value = Number(draft);
  return draft.trim() !== '' && Number.isInteger(value) && value >= 1 && value <= Math.max(1, max) ? value : null;
}
