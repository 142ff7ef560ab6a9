import { describe, expect, it } from 'vitest';
import { authPageTexts } from './auth-texts.ts';

describe('sign-in page texts', () => {
  it('come from the settings', () => {
    expect(
      authPageTexts({ authPageTitle: 'Sign in', authPageCardTitle: 'Hello', authPageHeroTitle: 'Best paddles', authPageHeroDescription: 'Come in' }),
    ).toEqual({
      documentTitle: 'Sign in',
      cardTitle: 'Hello',
      registerTitle: 'Welcome! Create your account',
      heroTitle: 'Best paddles',
      heroDescription: 'Come in',
    });
  });

  it('fall back to a welcome title, a premium store headline and a description', () => {
    const texts = authPageTexts(undefined);
    expect(texts.cardTitle).toBe('Welcome');
    expect(texts.heroTitle).toBe('Your Premium Pickleball Store');
    expect(texts.heroDescription.length).toBeGreaterThan(20);
  });
});
