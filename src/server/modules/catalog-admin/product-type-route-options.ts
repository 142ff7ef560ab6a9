import { ProductTypeCatalog } from '#common/schemas/admin-product-types.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { errorResponses } from '#server/http/route-schemas.ts';

// What the owner's product type and variant axis routes share: each answers the whole catalogue of types and axes.

export const admin = { onRequest: requireAdmin };
export const catalogResult = { 200: ProductTypeCatalog, ...errorResponses };
/** the message a body that fails its schema answers with (400) */
export const invalid = (label: string) => ({ config: { invalidInput: { body: label } } });
