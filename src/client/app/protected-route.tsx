import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useCurrentUser } from '#client/lib/session.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';

/** Spinner while the session loads; no user (or not an admin when required) goes to /auth. */
export function ProtectedRoute({ children, adminOnly = false }: { children: ReactNode; adminOnly?: boolean }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner label="Checking your session" className="min-h-[50vh]" />;
  if (!user || (adminOnly && !user.isAdmin)) return <Redirect to="/auth" replace />;
  return <>{children}</>;
}
