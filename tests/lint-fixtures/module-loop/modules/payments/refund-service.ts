// ... -> orders: a loop between modules, though no file imports itself back
import { orderTotal } from '../orders/order-total.ts';
export const refund = (): unknown => orderTotal;
