import { Badge } from '#client/components/ui/badge.tsx';
import { stockLevel } from './stock-level.ts';

const variants = { out: 'destructive', low: 'warning', in: 'success' } as const;

export function StockBadge({ stock, className }: { stock: number | null | undefined; className?: string }) {
  const level = stockLevel(stock);
  return (
    <Badge variant={variants[level.tone]} className={className}>
      {level.label}
    </Badge>
  );
}
