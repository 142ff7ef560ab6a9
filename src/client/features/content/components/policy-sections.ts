import type { Policies } from '#common/schemas/content.ts';

export interface PolicySection {
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
