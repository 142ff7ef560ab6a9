import { centsToDecimal, formatCents, toCents } from '#common/money.ts';
import type { TestPaymentResult } from '#common/schemas/diagnostics.ts';
import { invalidInput, providerFailed } from '#server/errors/domain-errors.ts';
import { MIN_CHARGE_CENTS } from '#server/modules/checkout/checkout-service.ts';
import { createTestPaymentOrder, setOrderPaymentId } from '#server/modules/orders/order-service.ts';
import { closeUnpaidOrder, type PaymentContext } from '#server/modules/payments/payment-service.ts';
import { adminRecipient } from './admin-recipient.ts';

const PAYMENT_TEST_NAME = 'Payment test';

/**
 * POST /api/test-payment-flow: a real order for one "Payment test" line (no product, so no stock
 * is taken) and a real payment for it through the active provider, exactly as checkout starts one.
 * The admin can pay it with a test card; a paid test order then runs the usual paid-order steps.
 */
export async function runTestPayment(
  ctx: PaymentContext,
  admin: { id: number; username: string; email: string | null },
  amount: number,
): Promise<TestPaymentResult> {
  const amountCents = toCents(amount);
  if (amountCents < MIN_CHARGE_CENTS) {
    throw invalidInput(`Test payments must be at least ${formatCents(MIN_CHARGE_CENTS)}, the smallest charge Stripe accepts`);
  }
  const customerEmail = await adminRecipient(ctx.db, admin);
  if (!customerEmail) throw invalidInput('Add an e-mail address to your account (or a fulfilment e-mail in site settings) to run a test payment');

  const total = centsToDecimal(amountCents);
  const orderId = await createTestPaymentOrder(ctx.db, { userId: admin.id, name: PAYMENT_TEST_NAME, customerEmail, total, paymentProvider: ctx.provider.name });

  let payment;
  try {
    payment = await ctx.provider.createPayment({ orderId, amountCents, customerEmail, description: `${PAYMENT_TEST_NAME} (order #${orderId})` });
  } catch (error) {
    ctx.log?.error({ err: error, orderId }, 'payment provider refused the test payment');
    await closeUnpaidOrder(ctx, orderId, 'cancel_unpaid', { actor: `admin:${admin.id}`, note: 'The payment provider could not start the test payment' });
    const reason = error instanceof Error ? error.message : String(error);
    throw providerFailed(`The test payment could not be started: ${reason}`);
  }
  await setOrderPaymentId(ctx.db, orderId, payment.id);
  const current = await ctx.provider.retrievePayment(payment.id);

  return {
    order: { id: orderId, total },
    paymentIntent: {
      id: payment.id,
      amount: amountCents,
      amountInDollars: total,
      status: current?.status ?? 'requires_payment_method',
      clientSecret: payment.clientSecret,
    },
    provider: ctx.provider.name,
  };
}
