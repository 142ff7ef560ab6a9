import type { SiteSettings } from '#common/schemas/content.ts';

type HeroSettings = Partial<Pick<SiteSettings, 'heroTitle' | 'heroDescription' | 'heroImageUrl'>>;

export interface SiteHeroContent {
  title: string | null;
  description: string | null;
  imageUrl: string | null;
}

const filled = (value: string | null | undefined): string | null => (value && value.trim() ? value : null);

/** The hero the owner set in the admin (blank counts as unset), or null when they set none of it. */
export function ownerHero(settings: HeroSettings | undefined): SiteHeroContent | null {
  const hero = { title: filled(settings?.heroTitle), description: filled(settings?.heroDescription), imageUrl: filled(settings?.heroImageUrl) };
  return hero.title || hero.description || hero.imageUrl ? hero : null;
}
