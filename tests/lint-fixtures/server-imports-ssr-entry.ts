// pretends to be src/server/modules/pages/lint-fixture.ts (allowed): the same read through the SSR entry
import { productQueryOptions } from '#client/ssr-entry.tsx';
export const product = productQueryOptions;
