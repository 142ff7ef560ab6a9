// pretends to be src/server/modules/checkout/lint-fixture.ts
import { paymentRoutes } from '#server/modules/payments/routes.ts';
export const routes = paymentRoutes;
