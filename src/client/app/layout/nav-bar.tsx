import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { LogOut, Menu, Search, ShoppingCart, User, X } from 'lucide-react';
import { useCurrentUser } from '#client/lib/session.ts';
import { DEFAULT_SITE_TITLE, settingText, useSiteSettings } from '#client/lib/site-settings.ts';
import { cn } from '#client/lib/cn.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { useLogout } from '#client/features/accounts/api/logout.ts';
import { useCart } from '#client/features/cart/cart-store.ts';
import { SearchForm } from './search-form.tsx';

const links = [
  { href: '/shop', label: 'Shop' },
  { href: '/contact', label: 'Contact' },
  { href: '/policies', label: 'Policies' },
];

/** spec/storefront.md §2 navigation bar: sticky; below 768 px a hamburger menu and a toggleable search box. */
export function NavBar() {
  const { data: settings } = useSiteSettings();
  const { user } = useCurrentUser();
  const { itemCount } = useCart();
  const logout = useLogout();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const siteTitle = settingText(settings?.siteTitle, DEFAULT_SITE_TITLE);
  const navLinks = user?.isAdmin ? [...links, { href: '/admin', label: 'Admin' }] : links;
  const closeMenus = () => {
    setMenuOpen(false);
    setSearchOpen(false);
  };

  const linkClass = (href: string) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-black/5',
      location === href || location.startsWith(`${href}/`) ? 'text-primary' : 'text-header-foreground',
    );

  return (
    <header className="sticky top-0 z-40 border-b border-black/10 bg-header text-header-foreground shadow-sm">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6 lg:px-8">
        <Link href="/" className="mr-1 flex min-w-0 items-center gap-2 text-base font-extrabold tracking-tight sm:mr-2 sm:text-lg lg:shrink-0" onClick={closeMenus}>
          <span aria-hidden="true" className="h-6 w-6 shrink-0 rounded-full bg-yellow-400 ring-2 ring-primary ring-inset sm:h-7 sm:w-7" />
          <span className="truncate">{siteTitle}</span>
        </Link>

        <div className="hidden items-center gap-1 md:flex">
          {navLinks.map((link) => (
            <Link key={link.href} href={link.href} className={linkClass(link.href)}>
              {link.label}
            </Link>
          ))}
        </div>

        <SearchForm className="mx-auto hidden w-full max-w-xs min-w-40 md:block" />

        <div className="ml-auto flex items-center md:ml-0 md:gap-1">
          {user ? (
            <div className="hidden items-center gap-1 md:flex">
              <span className="mr-1 hidden max-w-28 truncate text-sm whitespace-nowrap md:inline lg:max-w-48" title={`Welcome, ${user.username}!`}>
                Welcome, {user.username}!
              </span>
              <Link href="/profile" aria-label="Profile" className={buttonClasses('ghost', 'icon', 'text-header-foreground')}>
                <User className="h-5 w-5" aria-hidden="true" />
              </Link>
              <Button variant="ghost" size="icon" aria-label="Logout" className="text-header-foreground" onClick={() => logout.mutate()} disabled={logout.isPending}>
                <LogOut className="h-5 w-5" aria-hidden="true" />
              </Button>
            </div>
          ) : (
            <span className="hidden md:block">
              <Link href="/auth" className={buttonClasses('default', 'sm')}>
                Login
              </Link>
            </span>
          )}

          <Button
            variant="ghost"
            size="icon"
            className="text-header-foreground md:hidden"
            aria-label={searchOpen ? 'Close search' : 'Open search'}
            aria-expanded={searchOpen}
            aria-controls="mobile-search"
            onClick={() => {
              setSearchOpen((open) => !open);
              setMenuOpen(false);
            }}
          >
            <Search className="h-5 w-5" aria-hidden="true" />
          </Button>

          <Link href="/cart" aria-label={itemCount > 0 ? `Cart, ${itemCount} items` : 'Cart'} className={buttonClasses('ghost', 'icon', 'relative text-header-foreground')} onClick={closeMenus}>
            <ShoppingCart className="h-5 w-5" aria-hidden="true" />
            {itemCount > 0 ? (
              <span
                data-testid="cart-badge"
                className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
              >
                {itemCount}
              </span>
            ) : null}
          </Link>

          <Button
            variant="ghost"
            size="icon"
            className="text-header-foreground md:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => {
              setMenuOpen((open) => !open);
              setSearchOpen(false);
            }}
          >
            {menuOpen ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
          </Button>
        </div>
      </nav>

      {searchOpen ? (
        <div id="mobile-search" className="border-t border-black/10 px-4 py-3 md:hidden">
          <SearchForm autoFocus onSearched={closeMenus} />
        </div>
      ) : null}

      {menuOpen ? (
        <div id="mobile-menu" className="border-t border-black/10 px-4 pt-2 pb-4 md:hidden">
          <ul className="flex flex-col">
            {navLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={cn(linkClass(link.href), 'block py-3 text-base')} onClick={closeMenus}>
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
                  <Link href="/profile" className={buttonClasses('outline', 'default', 'flex-1')} onClick={closeMenus}>
                    <User className="h-4 w-4" aria-hidden="true" /> Profile
                  </Link>
                  <Button
                    variant="outline"
                    className="flex-1"
                    onClick={() => {
                      logout.mutate();
                      closeMenus();
                    }}
                    disabled={logout.isPending}
                  >
                    <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
                  </Button>
                </div>
              </div>
            ) : (
              <Link href="/auth" className={buttonClasses('default', 'default', 'w-full')} onClick={closeMenus}>
                Login/Register
              </Link>
            )}
          </div>
        </div>
      ) : null}
    </header>
  );
}
