// Money is integer cents in code; these convert at the edges (API strings, display).

/** Cents of a decimal amount as the API and database carry it ("12.5", 12.5). Invalid gives NaN. */
export function toCents(amount: string | number | null | undefined): number {
  if (amount === null || amount === undefined || amount === '') return Number.NaN;
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return Number.NaN;
  // shift the decimal point in text: 1.005 * 100 is 100.49999... in binary floating point
  const shifted = Number(`${value}e2`);
  return Math.round(Number.isFinite(shifted) ? shifted : value * 100);
}

/** "12.50": the decimal string prices leave the API as. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// One formatter for every page, e-mail and export, so amounts group the same way everywhere ("$5,219.42").
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Display of an amount already in cents: "$5,219.42", "-$2.50"; an invalid amount shows $0.00. */
export function formatCents(cents: number): string {
  // `|| 0` turns -0 into 0, which Intl would otherwise show as "-$0.00"
  return USD.format(Number.isFinite(cents) ? Math.round(cents) / 100 || 0 : 0);
}

/** "$12.50" for a decimal amount as the API carries it; an invalid price shows $0.00. */
export function formatPrice(amount: string | number | null | undefined): string {
  const cents = toCents(amount);
  return formatCents(Number.isNaN(cents) ? 0 : cents);
}
