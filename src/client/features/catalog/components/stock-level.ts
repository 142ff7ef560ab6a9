import { LOW_STOCK_THRESHOLD } from '#common/constants.ts';

type StockLevel = { label: string; tone: 'out' | 'low' | 'in' };

/** 0 or less "Out of Stock"; below 5 "Low Stock: {n}"; otherwise "{n} in Stock". */
export function stockLevel(stock: number | null | undefined): StockLevel {
  const n = stock ?? 0;
  if (n <= 0) return { label: 'Out of Stock', tone: 'out' };
  if (n < LOW_STOCK_THRESHOLD) return { label: `Low Stock: ${n}`, tone: 'low' };
  return { label: `${n} in Stock`, tone: 'in' };
}
