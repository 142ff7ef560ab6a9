import { Link } from 'wouter';
import { LogOut, User } from 'lucide-react';
import type { PublicUser } from '#common/schemas/accounts.ts';
import { cn } from '#client/lib/cn.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { useLogout } from '#client/features/accounts/api/logout.ts';
import { navLinkClass, type NavLink } from './nav-links.ts';

/** Below 768 px, opened by the hamburger: the links, then the account actions. Every choice closes it. */
export function MobileMenu({
  links,
  location,
  user,
  signInHref,
  onClose,
}: {
  links: NavLink[];
  location: string;
  user: PublicUser | null | undefined;
  /** the sign-in page, remembering this one */
  signInHref: string;
  onClose: () => void;
}) {
  const logout = useLogout();
  return (
    <div id="mobile-menu" className="border-t border-black/10 px-4 pt-2 pb-4 md:hidden">
      <ul className="flex flex-col">
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className={cn(navLinkClass(location, link.href), 'block py-3 text-base')} onClick={onClose}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-2 border-t border-black/10 pt-3">
        {user ? (
          <div className="flex flex-col gap-2">
            <p className="px-3 text-sm">Welcome, {user.username}!</p>
            <div className="flex gap-2">
              <Link href="/profile" className={buttonClasses('outline', 'default', 'flex-1')} onClick={onClose}>
                <User className="h-4 w-4" aria-hidden="true" /> Profile
              </Link>
              <Button
                variant="outline"
                className="flex-1"
                onClick={() => {
                  logout.mutate();
                  onClose();
                }}
                disabled={logout.isPending}
              >
                <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
              </Button>
            </div>
          </div>
        ) : (
          <Link href={signInHref} className={buttonClasses('default', 'default', 'w-full')} onClick={onClose}>
            Login/Register
          </Link>
        )}
      </div>
    </div>
  );
}
