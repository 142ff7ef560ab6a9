import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

/** A grey block where content will be; it pulses only for people who have not asked for less motion. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('rounded-md bg-gray-200 motion-safe:animate-pulse', className)} />;
}

/**
 * A region of placeholders, announced once as loading ("Loading products"); the blocks inside are
 * hidden from assistive technology, so nobody hears a list of empty shapes.
 */
export function SkeletonRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" className={className} data-testid="skeleton">
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
