import { returnWindowSentence } from '#common/return-terms.ts';
import type { Policies, SiteSettings } from '#common/schemas/content.ts';

interface PolicySection {
  title: string;
  paragraphs: string[];
}

/** Policies: up to three titled sections; content split at line breaks into paragraphs. */
export function policySections(policies: Policies | undefined | null): PolicySection[] {
  if (!policies) return [];
  const pairs = [
    [policies.title1, policies.content1],
    [policies.title2, policies.content2],
    [policies.title3, policies.content3],
  ] as const;
  return pairs
    .filter(([title, content]) => (title ?? '').trim() || (content ?? '').trim())
    .map(([title, content]) => ({
      title: (title ?? '').trim(),
      paragraphs: (content ?? '')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    }));
}

/** The shop's return window and terms as one more section; none when the shop takes no returns. */
export function returnsSection(settings: Pick<SiteSettings, 'returnWindowDays' | 'returnConditions'> | undefined | null): PolicySection | null {
  const sentence = settings ? returnWindowSentence(settings.returnWindowDays) : null;
  if (!sentence) return null;
  const conditions = settings!.returnConditions
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return { title: 'Returns', paragraphs: [sentence, ...conditions] };
}
