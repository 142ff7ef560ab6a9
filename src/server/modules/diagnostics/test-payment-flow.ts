import { eq } from 'drizzle-orm';
import { RESERVATION_TTL_MINUTES } from '#common/constants.ts';
import { centsToDecimal, formatCents, toCents } from '#common/money.ts';
import type { TestPaymentResult } from '#common/schemas/diagnostics.ts';
import { orderItems, orders } from '#server/db/schema.ts';
import { invalidInput, providerFailed } from '#server/errors/domain-errors.ts';
import { MIN_CHARGE_CENTS } from '#server/modules/checkout/checkout-service.ts';
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
  const orderId = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId: admin.id,
        customerName: PAYMENT_TEST_NAME,
        customerEmail,
        subtotal: total,
        total,
        paymentProvider: ctx.provider.name,
        expiresAt: new Date(Date.now() + RESERVATION_TTL_MINUTES * 60_000),
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values({ orderId: order!.id, productId: null, productName: PAYMENT_TEST_NAME, quantity: 1, price: total });
    return order!.id;
  });

  let payment;
  try {
    payment = await ctx.provider.createPayment({ orderId, amountCents, customerEmail, description: `${PAYMENT_TEST_NAME} (order #${orderId})` });
  } catch (error) {
    ctx.log?.error({ err: error, orderId }, 'payment provider refused the test payment');
    await closeUnpaidOrder(ctx, orderId, 'cancel_unpaid', { actor: `admin:${admin.id}`, note: 'The payment provider could not start the test payment' });
    const reason = error instanceof Error ? error.message : String(error);
    throw providerFailed(`The test payment could not be started: ${reason}`);
  }
  await ctx.db.update(orders).set({ providerPaymentId: payment.id, updatedAt: new Date() }).where(eq(orders.id, orderId));
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
