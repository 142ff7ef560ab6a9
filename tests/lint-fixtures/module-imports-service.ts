// pretends to be src/server/modules/checkout/lint-fixture.ts (and src/server/seed/lint-fixture.ts): allowed
import { closeOrderPayment } from '#server/modules/payments/payment-service.ts';
export const close = closeOrderPayment;
