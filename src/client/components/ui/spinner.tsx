import { cn } from '#client/lib/cn.ts';

/** A loading indicator announced to screen readers. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center py-12', className)}>
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-gray-200 border-t-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
