import { useSyncExternalStore, type ReactNode } from 'react';

// At most 1 toast at a time; dismissed toasts are removed after 1,000,000 ms
// (the close animation and screen readers are done long before; the id is kept so it cannot be reused).
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DEFAULT_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive' | 'success';

/** A next step offered in the toast (a same-site path); following it closes the toast. */
interface ToastLink {
  href: string;
  label: string;
}

interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; the default is 5000 ms. */
  duration?: number;
  links?: ToastLink[];
}

interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

let counter = 0;
let toasts: ToastEntry[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastEntry[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    emit(toasts.filter((entry) => entry.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

/** Closes one toast, or all when no id is given. */
export function dismissToast(id?: string): void {
  for (const entry of toasts) if (id === undefined || entry.id === id) scheduleRemoval(entry.id);
  emit(toasts.map((entry) => (id === undefined || entry.id === id ? { ...entry, open: false } : entry)));
}

/** Shows a toast; a newer toast replaces the older one (limit 1). */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
