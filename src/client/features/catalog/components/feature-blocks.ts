import type { SiteSettings } from '#common/schemas/content.ts';
import { settingText } from '#client/lib/site-settings.ts';

/** Home features section: texts from settings with our fallbacks. */
export function featureBlocks(settings: Partial<SiteSettings> | undefined) {
  return {
    title: settingText(settings?.featuresTitle, 'Why Choose Us'),
    blocks: [
      {
        title: settingText(settings?.feature1Title, 'Premium Quality'),
        description: settingText(settings?.feature1Description, 'All our products are carefully selected from top manufacturers'),
      },
      {
        title: settingText(settings?.feature2Title, 'Expert Support'),
        description: settingText(settings?.feature2Description, 'Get guidance from our team of pickleball enthusiasts'),
      },
      {
        title: settingText(settings?.feature3Title, 'Fast Shipping'),
        description: settingText(settings?.feature3Description, 'Quick delivery to get you on the court faster'),
      },
    ],
  };
}
