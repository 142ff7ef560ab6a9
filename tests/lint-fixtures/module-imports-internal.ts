// pretends to be src/server/modules/checkout/lint-fixture.ts (and src/server/seed/lint-fixture.ts)
import { closeOrderPayment } from '#server/modules/payments/settle-payment.ts';
export const close = closeOrderPayment;
