// The orders module's front door for other modules (payments, checkout, returns): an order changes state only
// through a lifecycle step, is read back as the view the API sends, and is created under a public number.
export { cancelRefundKey, findExpiredOrders, transitionOrder, type Actor } from './order-lifecycle.ts';
export { loadOrderView } from './order-view.ts';
export { newOrderNumber } from './order-number.ts';
export { loadAdminOrderDetail, recordOrderEvent } from './order-history.ts';
export { openCustomerOrder, type CustomerOrderRow } from './customer-order-access.ts';
