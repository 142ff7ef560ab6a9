import { randomInt } from 'node:crypto';
import { ORDER_NUMBER_PATTERN } from '#common/schemas/customer-orders.ts';
import { ORDER_NUMBER_ALPHABET } from '#server/db/schema.ts';

// 30^6 = 729 million numbers: two orders can still draw the same one, so writers draw again on a clash
const LENGTH = 6;

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
