import { randomInt } from 'node:crypto';
import { ORDER_NUMBER_PATTERN } from '#common/schemas/customer-orders.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { ORDER_NUMBER_ALPHABET, orders } from '#server/db/schema.ts';

const LENGTH = 6;
// 30^6 = 729 million numbers: two orders drawing the same one is rare, but over many orders not rare enough to ignore
const MAX_ATTEMPTS = 8;

/** "PB-7K3Q9D": six characters from an alphabet without look-alikes, from a cryptographic source. */
export function newOrderNumber(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i += 1) code += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `PB-${code}`;
}

/** What a person typed ("pb 7k3q9d", "#PB-7K3Q9D") as the stored form, or null when it cannot be one. */
export function normaliseOrderNumber(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s#-]/g, '');
  const candidate = compact.startsWith('PB') ? `PB-${compact.slice(2)}` : `PB-${compact}`;
  return ORDER_NUMBER_PATTERN.test(candidate) ? candidate : null;
}

type NewOrder = Omit<typeof orders.$inferInsert, 'orderNumber'>;

/**
 * Inserts an order under a fresh order number. A number already taken is skipped without failing
 * the surrounding transaction (on conflict do nothing) and another one drawn.
 */
export async function insertNumberedOrder(
  tx: Database | Transaction,
  values: NewOrder,
  draw: () => string = newOrderNumber,
): Promise<{ id: number; orderNumber: string }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const [row] = await tx
      .insert(orders)
      .values({ ...values, orderNumber: draw() })
      .onConflictDoNothing({ target: orders.orderNumber })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    if (row) return row;
  }
  throw new Error(`no free order number after ${MAX_ATTEMPTS} draws`);
}
