import type { ContactInfo } from '#common/schemas/content.ts';

/** A tel: address from a phone number as people write it ("(555) 123-4567"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A social address as a safe link: http(s) only, a bare host gets https://. */
export function socialHref(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  const candidate = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const SOCIAL_NETWORKS = [
  ['facebook', 'Facebook'],
  ['twitter', 'Twitter'],
  ['instagram', 'Instagram'],
  ['linkedin', 'LinkedIn'],
] as const satisfies ReadonlyArray<readonly [keyof ContactInfo, string]>;

/** Contact: social links only when set. */
export function socialLinks(info: ContactInfo | undefined | null): Array<{ network: string; label: string; href: string }> {
  if (!info) return [];
  return SOCIAL_NETWORKS.flatMap(([network, label]) => {
    const href = socialHref(info[network] ?? '');
    return href ? [{ network, label, href }] : [];
  });
}
