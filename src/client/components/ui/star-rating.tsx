import { Star } from '#client/components/ui/icons.tsx';
import { cn } from '#client/lib/cn.ts';

/** Five stars filled up to `value` (halves rounded to the nearest star), with the number as text for screen readers. */
export function StarRating({ value, className, size = 'h-4 w-4' }: { value: number; className?: string; size?: string }) {
  const filled = Math.round(value);
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={`${value.toFixed(1).replace(/\.0$/, '')} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star key={star} className={cn(size, star <= filled ? 'fill-amber-500 text-amber-600' : 'fill-none text-gray-400')} aria-hidden="true" />
      ))}
    </span>
  );
}
