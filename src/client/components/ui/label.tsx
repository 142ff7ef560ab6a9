import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from 'react';
import { Label as LabelPrimitive } from 'radix-ui';
import { cn } from '#client/lib/cn.ts';

export const Label = forwardRef<ElementRef<typeof LabelPrimitive.Root>, ComponentPropsWithoutRef<typeof LabelPrimitive.Root>>(function Label(
  { className, ...props },
  ref,
) {
  return <LabelPrimitive.Root ref={ref} className={cn('text-sm font-medium text-gray-800', className)} {...props} />;
});
