import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from './use-toast.ts';

const Toaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.Toaster })));

/**
 * The toaster (Radix Toast) loaded on first need: when a toast is raised or F8 is pressed.
 * Keeps ~10 KB gzip out of the storefront's first load (docs/performance.md) while toast() works from the start.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') setWanted(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [wanted]);

  if (!wanted && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
