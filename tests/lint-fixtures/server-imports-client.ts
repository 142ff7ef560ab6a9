// pretends to be src/server/modules/pages/lint-fixture.ts: a client file other than the SSR entry
import { productQueryOptions } from '#client/features/catalog/api/get-product.ts';
export const product = productQueryOptions;
