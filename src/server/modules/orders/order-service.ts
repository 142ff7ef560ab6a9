// The orders module's front door for other modules (payments, checkout, returns, diagnostics): an order changes state only
// through a lifecycle step, is read back as the view the API sends, is created under a public number (the admin's
// payment test creates its one-line order here) and records its provider's payment id, checks, outside refunds and disputes.
export { cancelRefundKey, findExpiredOrders, PAID, transitionOrder, type Actor } from './order-lifecycle.ts';
export { loadOrderView } from './order-view.ts';
export { newOrderNumber } from './order-number.ts';
export { loadAdminOrderDetail, recordOrderEvent } from './order-history.ts';
export { openCustomerOrder, type CustomerOrderRow } from './customer-order-access.ts';
export { setOrderPaymentId } from './order-payment-id.ts';
export { addProviderRefund, claimProviderCheck, countRefund, recordDispute, uncountRefund } from './order-payment-records.ts';
export { createTestPaymentOrder } from './test-payment-order.ts';
// a label bought through the carrier API becomes a shipment, and the carrier's tracking moves it (decision 057)
export { fulfilOrder, labelShipmentOf } from './order-fulfilment.ts';
export { unitsLeftToShip } from './order-shipments.ts';
export { applyCarrierTracking, type CarrierTracking } from './order-carrier-tracking.ts';
