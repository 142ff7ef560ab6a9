import type { Payment } from './payment.ts';

export interface Order {
  id: number;
  payments: Payment[];
}
