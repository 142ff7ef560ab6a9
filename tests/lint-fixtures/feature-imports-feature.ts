// pretends to be src/client/features/cart/lint-fixture.ts
import { currentCartToken } from '#client/features/checkout/cart-token.ts';
export const token = currentCartToken;
