import { Link } from 'wouter';
import { TOAST_DEFAULT_DURATION_MS, dismissToast, useToast } from './use-toast.ts';
import { buttonClasses } from './button.tsx';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast.tsx';

/** Renders the toast queue once, near the root: 5000 ms default, swipe right 50 px, F8. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider duration={TOAST_DEFAULT_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map(({ id, title, description, variant, duration, open, links }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
        >
          <div className="grid gap-0.5">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
            {links?.length ? (
              <div className="mt-2 flex flex-wrap gap-2">
                {links.map((link, index) => (
                  <Link
                    key={link.href}
                    href={link.href}
                    className={buttonClasses(index === links.length - 1 ? 'default' : 'outline', 'sm')}
                    onClick={() => dismissToast(id)}
                  >
                    {link.label}
                  </Link>
                ))}
              </div>
            ) : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} />
    </ToastProvider>
  );
}
