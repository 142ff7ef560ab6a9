import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '#client/lib/cn.ts';

const buttonVariants = {
  default: 'bg-primary text-primary-foreground shadow-sm hover:brightness-110 active:brightness-95',
  destructive: 'bg-destructive text-white shadow-sm hover:bg-red-700',
  outline: 'border border-gray-300 bg-white text-gray-900 shadow-sm hover:bg-gray-50 hover:border-gray-400',
  ghost: 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
  secondary: 'bg-gray-100 text-gray-900 hover:bg-gray-200',
  success: 'bg-success text-white shadow-sm hover:bg-green-800',
  link: 'text-link underline-offset-4 hover:underline',
  accent: 'bg-yellow-400 text-gray-900 shadow-sm hover:bg-yellow-300',
} as const;

// below md (touch layouts) every button is at least 44 px tall, the smallest target a finger hits reliably
const buttonSizes = {
  default: 'h-11 px-4 py-2 text-sm md:h-10',
  sm: 'h-11 px-3 text-sm md:h-9',
  lg: 'h-12 px-6 text-base',
  icon: 'h-11 w-11 md:h-10 md:w-10',
} as const;

type ButtonVariant = keyof typeof buttonVariants;
type ButtonSize = keyof typeof buttonSizes;

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** Classes of a button, for links that must look like one without being a <button>. */
export function buttonClasses(variant: ButtonVariant = 'default', size: ButtonSize = 'default', className?: string): string {
  return cn(
    'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
    'disabled:pointer-events-none disabled:opacity-50 cursor-pointer',
    buttonVariants[variant],
    buttonSizes[size],
    className,
  );
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'default', size = 'default', className, type = 'button', ...props },
  ref,
) {
  // links that look like buttons use buttonClasses() on the link itself (no Slot: keeps the first bundle small)
  return <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...props} />;
});
