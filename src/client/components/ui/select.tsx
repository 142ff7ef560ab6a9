import { forwardRef, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import { fieldClasses } from './input.tsx';

/** A native <select> in the field style: accessible and keyboard-friendly on every device, and light. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, children, ...props }, ref) {
  return (
    <div className={cn('relative', className)}>
      <select ref={ref} className={cn(fieldClasses, 'h-11 cursor-pointer appearance-none pr-9 md:h-10')} {...props}>
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-gray-600" aria-hidden="true" />
    </div>
  );
});
