import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useCurrentUser } from '#client/lib/session.ts';
import { isStaff } from '#client/lib/staff-permissions.ts';
import { signInPath } from '#client/lib/return-to.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';

/**
 * `loading` (a spinner unless the page has its own skeleton) while the session loads; no user goes to /auth, which brings them back here after signing in.
 * A signed-in shopper who is not on the staff goes to /auth without the way back: it would only send them here again.
 */
export function ProtectedRoute({ children, adminOnly = false, loading }: { children: ReactNode; adminOnly?: boolean; loading?: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const [location] = useLocation();
  const search = useSearch();
  if (isLoading) return loading ?? <Spinner label="Checking your session" className="min-h-[50vh]" />;
  if (!user) return <Redirect to={signInPath(search ? `${location}?${search}` : location)} replace />;
  if (adminOnly && !isStaff(user)) return <Redirect to="/auth" replace />;
  // the server refuses the admin routes until then: the profile is where two-factor sign-in is set up
  if (adminOnly && user.twoFactor?.required && !user.twoFactor.enabled) return <Redirect to="/profile#two-factor" replace />;
  return <>{children}</>;
}
