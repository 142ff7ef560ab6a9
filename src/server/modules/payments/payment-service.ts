// The payments module's front door for other modules and the composition root: the context the
// payment steps run in, closing an unpaid order (checkout, diagnostics), the owner's cancel and
// the expiry timer (services.ts), and the Stripe client the diagnostics check the account with.
export { closeUnpaidOrder, payOrderByGiftCards } from './finalise-payment.ts';
export { cancelOrder } from './cancel-order.ts';
export { scheduleOrderExpiry } from './expire-unpaid-orders.ts';
export { providerFromConfig, type PaymentContext, type PaymentLog } from './payment-context.ts';
export { closeOrderPayment } from './settle-payment.ts';
export { createStripeClient } from './stripe-provider.ts';
export { refundOrder, returnRefundKey } from './refund-order.ts';
