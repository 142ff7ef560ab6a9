// pretends to be src/client/lib/lint-fixture.ts
import { currentCartToken } from '#client/features/checkout/cart-token.ts';
export const token = currentCartToken;
