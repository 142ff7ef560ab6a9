import { describe, expect, it } from 'vitest';
import { modesDiffer, shortSessionId } from './mode-rules.ts';

describe('mode rules', () => {
  it('shows the session id by its first 20 characters', () => {
    expect(shortSessionId('sim_0123456789abcdef0123')).toBe('sim_0123456789abcdef...');
    expect(shortSessionId('req_short')).toBe('req_short');
  });

  it('calls a mismatch only when live and test are mixed', () => {
    expect(modesDiffer({ keyMode: 'live', publicKeyMode: 'test', mode: 'live' })).toBe(true);
    expect(modesDiffer({ keyMode: 'live', publicKeyMode: 'live', mode: 'test' })).toBe(true);
    expect(modesDiffer({ keyMode: 'test', publicKeyMode: 'test', mode: 'test' })).toBe(false);
    expect(modesDiffer({ keyMode: 'test', publicKeyMode: 'missing', mode: 'test' })).toBe(false);
    expect(modesDiffer({ keyMode: 'simulated', publicKeyMode: 'simulated', mode: 'test' })).toBe(false);
  });
});
