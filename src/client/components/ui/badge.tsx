import type { HTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

const badgeVariants = {
  default: 'bg-primary text-primary-foreground',
  secondary: 'bg-gray-100 text-gray-800',
  destructive: 'bg-red-100 text-red-800',
  warning: 'bg-amber-100 text-amber-900',
  success: 'bg-green-100 text-green-800',
  outline: 'border border-gray-300 text-gray-800',
} as const;

export type BadgeVariant = keyof typeof badgeVariants;

export function Badge({ className, variant = 'default', ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', badgeVariants[variant], className)}
      {...props}
    />
  );
}
