// The seo module's front door: the structured data a rendered page carries (pages/page-loaders.ts).
export { brandCrumbs, breadcrumbJsonLd, organizationJsonLd, productCrumbs, productJsonLd, webSiteJsonLd } from './json-ld.ts';
