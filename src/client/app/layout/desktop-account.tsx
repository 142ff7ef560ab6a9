import { Link } from 'wouter';
import { Heart, LogOut, User } from '#client/components/ui/icons.tsx';
import type { PublicUser } from '#common/schemas/accounts.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { useLogout } from '#client/features/accounts/api/logout.ts';

/** From 768 px: the greeting with profile and logout icons, or the Login button (to `signInHref`). */
export function DesktopAccount({ user, signInHref }: { user: PublicUser | null | undefined; signInHref: string }) {
  const logout = useLogout();
  if (!user) {
    return (
      <span className="hidden md:block">
        <Link href={signInHref} className={buttonClasses('default', 'sm')}>
          Login
        </Link>
      </span>
    );
  }
  return (
    <div className="hidden items-center gap-1 md:flex">
      <span className="mr-1 hidden max-w-28 truncate text-sm whitespace-nowrap md:inline lg:max-w-48" title={`Welcome, ${user.username}!`}>
        Welcome, {user.username}!
      </span>
      <Link href="/wishlist" aria-label="Wishlist" className={buttonClasses('ghost', 'icon', 'text-header-foreground')}>
        <Heart className="h-5 w-5" aria-hidden="true" />
      </Link>
      <Link href="/profile" aria-label="Profile" className={buttonClasses('ghost', 'icon', 'text-header-foreground')}>
        <User className="h-5 w-5" aria-hidden="true" />
      </Link>
      <Button variant="ghost" size="icon" aria-label="Logout" className="text-header-foreground" onClick={() => logout.mutate()} disabled={logout.isPending}>
        <LogOut className="h-5 w-5" aria-hidden="true" />
      </Button>
    </div>
  );
}
