import type { Order } from './order.ts';

export interface Payment {
  order: Order;
  amountCents: number;
}
