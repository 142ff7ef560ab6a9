// What the catalogue's admin (modules/catalog-admin, which owns and writes the catalogue tables) builds on
// from the shop's reads: the product and brand views it answers a save with, the type sheets a product
// document is checked against, the owner's order of an axis' values, and the weight bands it stores on
// each product for the shop's facet. The reads never import the admin: a change in how the owner edits
// reaches the shop only through the tables.

export { brandColumns, productColumns, toBrandView, toProductView, type ProductRow } from './catalog-views.ts';
export { WEIGHT_BANDS } from './catalog-facets.ts';
export { loadTypeSheet, optionValueOrder, type TypeAxis, type TypeSheet } from './product-types.ts';
export type { SlugKind } from './slug-service.ts';
