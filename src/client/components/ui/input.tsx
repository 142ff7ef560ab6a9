import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

export const fieldClasses =
  'block w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 shadow-sm placeholder:text-gray-500 ' +
  'focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary ' +
  'disabled:cursor-not-allowed disabled:bg-gray-100 disabled:opacity-70 aria-[invalid=true]:border-destructive';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, type = 'text', ...props }, ref) {
  return <input ref={ref} type={type} className={cn(fieldClasses, 'h-11 md:h-10', className)} {...props} />;
});
