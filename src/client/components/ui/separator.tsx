import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from 'react';
import { Separator as SeparatorPrimitive } from 'radix-ui';
import { cn } from '#client/lib/cn.ts';

export const Separator = forwardRef<ElementRef<typeof SeparatorPrimitive.Root>, ComponentPropsWithoutRef<typeof SeparatorPrimitive.Root>>(
  function Separator({ className, orientation = 'horizontal', decorative = true, ...props }, ref) {
    return (
      <SeparatorPrimitive.Root
        ref={ref}
        decorative={decorative}
        orientation={orientation}
        className={cn('shrink-0 bg-gray-200', orientation === 'horizontal' ? 'h-px w-full' : 'h-full w-px', className)}
        {...props}
      />
    );
  },
);
