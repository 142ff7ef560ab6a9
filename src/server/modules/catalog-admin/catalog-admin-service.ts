// What other modules and the composition root may use of the catalogue's admin, which alone writes the
// catalogue tables: the saves the demo seed makes as the owner would; the cover the image manager sets
// (handed over by services.ts, as the catalogue's admin builds on the image manager); and the questions
// it asks the modules that name catalogue records (the paddle finder answers them).

export { insertBrand, setBrandFeatured } from './brand-admin-service.ts';
export type { CatalogName, CatalogReferences } from './catalog-references.ts';
export { setProductCover } from './product-cover.ts';
export { saveProductDocument } from './product-document-service.ts';
