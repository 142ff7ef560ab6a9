import type { SiteSettings } from '#common/schemas/content.ts';
import { settingText } from '#client/lib/site-settings.ts';

/** Sign-in: texts from site settings, with our defaults. */
export function authPageTexts(settings: Partial<SiteSettings> | undefined) {
  return {
    documentTitle: settingText(settings?.authPageTitle, 'Login or Register'),
    cardTitle: settingText(settings?.authPageCardTitle, 'Welcome'),
    // the card title greets returning shoppers ("Welcome back..."); the Register tab greets new ones
    registerTitle: 'Welcome! Create your account',
    heroTitle: settingText(settings?.authPageHeroTitle, 'Your Premium Pickleball Store'),
    heroDescription: settingText(
      settings?.authPageHeroDescription,
      'Sign in to check out faster and follow your orders. New here? Create an account in seconds and get on the court with the best paddles, balls and gear.',
    ),
  };
}
