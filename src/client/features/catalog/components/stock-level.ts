import { LOW_STOCK_THRESHOLD } from '#common/constants.ts';

type StockLevel = { label: string; tone: 'out' | 'low' | 'in' };

/** The owner's low-stock threshold from the site settings (text, like the form's fields); the default 5 until they load. */
export function lowStockThreshold(setting: string | null | undefined): number {
  const threshold = Number(setting);
  return setting != null && setting.trim() !== '' && Number.isInteger(threshold) && threshold >= 0 ? threshold : LOW_STOCK_THRESHOLD;
}

/** The product page's stock line, in the spec's words: 0 or less "Out of Stock"; below the threshold "Low Stock: {n}"; otherwise "{n} in Stock". */
export function stockLevel(stock: number | null | undefined, threshold = LOW_STOCK_THRESHOLD): StockLevel {
  const n = stock ?? 0;
  if (n <= 0) return { label: 'Out of Stock', tone: 'out' };
  if (n < threshold) return { label: `Low Stock: ${n}`, tone: 'low' };
  return { label: `${n} in Stock`, tone: 'in' };
}

/** A card's stock, with no exact count a competitor could read off the grid: "Sold out", "Only {n} left" below the threshold, "In stock". */
export function cardStockLevel(stock: number | null | undefined, threshold = LOW_STOCK_THRESHOLD): StockLevel {
  const n = stock ?? 0;
  if (n <= 0) return { label: 'Sold out', tone: 'out' };
  if (n < threshold) return { label: `Only ${n} left`, tone: 'low' };
  return { label: 'In stock', tone: 'in' };
}
