import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useCurrentUser } from '#client/lib/session.ts';

/**
 * Admin pages send everyone else to /auth (the payment test page to /).
 * `open` lets a page admit everyone (the confirmation simulator when the server allows it).
 */
export function AdminOnly({ children, redirectTo = '/auth', open = false }: { children: ReactNode; redirectTo?: string; open?: boolean }) {
  const { user, isLoading } = useCurrentUser();
  if (open) return <>{children}</>;
  if (isLoading) return <Spinner label="Checking your session" className="min-h-[50vh]" />;
  if (!user?.isAdmin) return <Redirect to={redirectTo} replace />;
  return <>{children}</>;
}
