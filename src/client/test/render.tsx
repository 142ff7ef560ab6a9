import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { dismissToast } from '#client/components/ui/use-toast.ts';
import { createQueryClient } from '#client/lib/query-client.ts';

/**
 * Renders `ui` as the app does: the app's own QueryClient (no retries, nothing stale), a router at
 * `path` that records where the page navigates, and the toaster, so a toast reads as the shopper sees it.
 */
export function renderInShop(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  // toasts live in a module-wide queue: one left over from the previous test must not show here
  dismissToast();
  const queryClient = createQueryClient();
  const [pathname = '/', search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  // no pause between keystrokes: the tests wait for what the page shows, not for time
  const user = userEvent.setup({ delay: null });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
        <Toaster />
      </Router>
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient, history: location.history };
}

/** The toast titled `title` (the whole toast: its description is in it), once it shows. */
export async function findToast(title: string): Promise<HTMLElement> {
  // findBy: an open dialog hides the rest of the page from assistive technology until it closes
  const region = await screen.findByRole('region', { name: /Notification/ });
  const shownTitle = await within(region).findByText(title);
  const toast = shownTitle.closest('li');
  if (!toast) throw new Error(`The toast "${title}" is not inside a toast`);
  return toast;
}

/**
 * Puts `text` into a text field as one input (a paste), not key by key: a form re-renders on each key,
 * and the tests are about what the page does with the value, not about typing.
 */
export async function fillIn(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
