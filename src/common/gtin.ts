// GTIN-8, UPC-A (12), EAN-13 and GTIN-14: digits only, the last a GS1 mod-10 check digit. Google
// Merchant Center refuses an item whose GTIN fails it, so the shop refuses it when it is typed.

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** Whether `text` is a GTIN of a valid length with a correct check digit. */
export function isValidGtin(text: string): boolean {
  if (!/^\d+$/.test(text) || !GTIN_LENGTHS.has(text.length)) return false;
  const digits = [...text].map(Number);
  const check = digits.pop()!;
  // from the right, excluding the check digit, weights alternate 3, 1, 3, ...
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
