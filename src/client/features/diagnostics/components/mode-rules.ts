import type { StripeModeCheck } from '#common/schemas/diagnostics.ts';

/** The session id is shown by its first 20 characters. */
const SESSION_ID_SHOWN = 20;

export function shortSessionId(sessionId: string): string {
  return sessionId.length > SESSION_ID_SHOWN ? `${sessionId.slice(0, SESSION_ID_SHOWN)}...` : sessionId;
}

/** "Mode Mismatch" when the modes that are live or test do not all agree. */
export function modesDiffer(check: Pick<StripeModeCheck, 'keyMode' | 'publicKeyMode' | 'mode'>): boolean {
  const known = [check.keyMode, check.publicKeyMode, check.mode].filter((mode) => mode === 'live' || mode === 'test');
  return new Set(known).size > 1;
}

export function formatCheckedAt(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
}
