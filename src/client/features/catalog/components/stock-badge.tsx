import { Badge } from '#client/components/ui/badge.tsx';
import { useSiteSettings } from '#client/lib/site-settings.ts';
import { cardStockLevel, lowStockThreshold, stockLevel } from './stock-level.ts';

const variants = { out: 'destructive', low: 'warning', in: 'success' } as const;

/** The stock line under the owner's low-stock threshold: a card's words (no exact count) or the product page's. */
export function StockBadge({ stock, className, card = false }: { stock: number | null | undefined; className?: string; card?: boolean }) {
  const threshold = lowStockThreshold(useSiteSettings().data?.lowStockThreshold);
  const level = card ? cardStockLevel(stock, threshold) : stockLevel(stock, threshold);
  return (
    <Badge variant={variants[level.tone]} className={className}>
      {level.label}
    </Badge>
  );
}
