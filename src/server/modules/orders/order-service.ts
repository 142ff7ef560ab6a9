// The orders module's front door for other modules (payments): an order changes state only
// through a lifecycle step, and is read back as the view the API sends.
export { findExpiredOrders, transitionOrder, type Actor } from './order-lifecycle.ts';
export { loadOrderView } from './order-view.ts';
