import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import type { ToastVariant } from './use-toast.ts';

export const ToastProvider = ToastPrimitive.Provider;

export const ToastViewport = forwardRef<ElementRef<typeof ToastPrimitive.Viewport>, ComponentPropsWithoutRef<typeof ToastPrimitive.Viewport>>(
  function ToastViewport({ className, ...props }, ref) {
    return (
      <ToastPrimitive.Viewport
        ref={ref}
        className={cn(
          // at the top on every screen: a page's primary action (Pay Now, Add to Cart, Place order) sits in the
          // content below the header, and a toast over it for 5 s blocks the very next click. Just under the
          // sticky header (h-16), not over it: its account links (Profile, Logout, Login) are the next click
          // after the toasts of registering, signing in and out
          'fixed top-16 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-[420px]',
          className,
        )}
        {...props}
      />
    );
  },
);

// dark enough that the description (white at 90% opacity) keeps a 4.5:1 contrast (WCAG AA; axe in tests/e2e)
const variantClasses: Record<ToastVariant, string> = {
  default: 'border-gray-200 bg-white text-gray-900',
  destructive: 'border-red-800 bg-red-700 text-white',
  success: 'border-green-800 bg-green-800 text-white',
};

export const Toast = forwardRef<ElementRef<typeof ToastPrimitive.Root>, ComponentPropsWithoutRef<typeof ToastPrimitive.Root> & { variant?: ToastVariant }>(
  function Toast({ className, variant = 'default', ...props }, ref) {
    return (
      <ToastPrimitive.Root
        ref={ref}
        className={cn(
          'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-9 shadow-lg',
          'data-[state=open]:animate-[toast-in_150ms_ease-out] data-[state=closed]:opacity-0',
          'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
          variantClasses[variant],
          className,
        )}
        {...props}
      />
    );
  },
);

export const ToastTitle = forwardRef<ElementRef<typeof ToastPrimitive.Title>, ComponentPropsWithoutRef<typeof ToastPrimitive.Title>>(function ToastTitle(
  { className, ...props },
  ref,
) {
  return <ToastPrimitive.Title ref={ref} className={cn('text-sm font-semibold', className)} {...props} />;
});

export const ToastDescription = forwardRef<ElementRef<typeof ToastPrimitive.Description>, ComponentPropsWithoutRef<typeof ToastPrimitive.Description>>(
  function ToastDescription({ className, ...props }, ref) {
    return <ToastPrimitive.Description ref={ref} className={cn('mt-1 text-sm opacity-90', className)} {...props} />;
  },
);

export const ToastClose = forwardRef<ElementRef<typeof ToastPrimitive.Close>, ComponentPropsWithoutRef<typeof ToastPrimitive.Close>>(function ToastClose(
  { className, ...props },
  ref,
) {
  return (
    <ToastPrimitive.Close
      ref={ref}
      aria-label="Close"
      className={cn('absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100', className)}
      {...props}
    >
      <X className="h-4 w-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
});
