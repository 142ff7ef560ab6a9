// A product saved without a type (the spec's product form has no type field) gets one from its name,
// with the rules migration 0005 typed every existing product by: the first rule that matches wins,
// so a "paddle bag" is a bag and an "overgrip" an accessory.
const RULES: ReadonlyArray<[slug: string, pattern: RegExp]> = [
  ['accessories', /grip|tape|guard|cover|towel|wristband|eyewear|glasses|retriever|hopper/i],
  ['bags', /\b(bag|bags|backpack|duffel|tote|sling)\b/i],
  ['nets', /\bnets?\b/i],
  ['shoes', /\b(shoe|shoes|sneakers?)\b/i],
  ['balls', /\bballs?\b/i],
  ['paddles', /\bpaddles?\b/i],
  ['apparel', /\b(shirt|tee|t-shirt|tank|polo|shorts|skirt|skort|hoodie|jacket|hat|cap|visor|socks|dress|apparel)\b/i],
];

export function guessProductTypeSlug(name: string, thickness?: string | null): string {
  for (const [slug, pattern] of RULES) {
    if (slug === 'paddles' && thickness) return slug;
    if (pattern.test(name)) return slug;
  }
  return 'accessories';
}
