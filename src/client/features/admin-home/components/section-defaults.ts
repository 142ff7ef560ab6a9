import { HOME_SECTION_LABELS, PRODUCT_RULE_LABELS, type HomeSection, type HomeSectionKind } from '#common/schemas/home.ts';

/** A new section of a kind, with settings that show something at once. */
export function newSection(kind: HomeSectionKind, taken: ReadonlySet<string>): HomeSection {
  let n = 1;
  while (taken.has(`${kind}-${n}`)) n += 1;
  const id = `${kind}-${n}`;
  switch (kind) {
    case 'hero':
      return { id, kind, carousel: true };
    case 'categories':
      return { id, kind, title: 'Shop by category', typeSlugs: [] };
    case 'products':
      return { id, kind, title: 'Bestsellers', rule: 'bestsellers', typeSlug: null, count: 4, productIds: [] };
    case 'reviews':
      return { id, kind, title: 'What players say', count: 3 };
    case 'text':
      return { id, kind, title: '', body: '' };
    default:
      return { id, kind };
  }
}

/** How the list names a section: its title, else its kind (and a grid's rule). */
export function sectionLabel(section: HomeSection): string {
  const kind = section.kind === 'products' ? `${HOME_SECTION_LABELS.products} (${PRODUCT_RULE_LABELS[section.rule]})` : HOME_SECTION_LABELS[section.kind];
  return 'title' in section && section.title.trim() ? `${section.title.trim()} · ${kind}` : kind;
}
