import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Menu, Search, X } from '#client/components/ui/icons.tsx';
import { useCurrentUser } from '#client/lib/session.ts';
import { isStaff } from '#client/lib/staff-permissions.ts';
import { signInPath } from '#client/lib/return-to.ts';
import { DEFAULT_SITE_TITLE, settingText, useSiteSettings } from '#client/lib/site-settings.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CartLink } from './cart-link.tsx';
import { DesktopAccount } from './desktop-account.tsx';
import { navLinkClass, navLinksFor } from './nav-links.ts';
import { SearchForm } from './search-form.tsx';

// opened by a tap only, so its code (and the logout's) is not part of every page's first JavaScript (docs/performance.md)
const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((module) => ({ default: module.MobileMenu })));

/** The sticky navigation bar; below 768 px a hamburger menu and a toggleable search box. */
export function NavBar() {
  const { data: settings } = useSiteSettings();
  const { user } = useCurrentUser();
  const [location] = useLocation();
  const search = useSearch();
  // Login brings the shopper back to this page
  const signInHref = signInPath(search ? `${location}?${search}` : location);
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const siteTitle = settingText(settings?.siteTitle, DEFAULT_SITE_TITLE);
  const navLinks = navLinksFor(isStaff(user));
  const closeMenus = () => {
    setMenuOpen(false);
    setSearchOpen(false);
  };

  return (
    <header className="sticky top-0 z-40 print:hidden border-b border-black/10 bg-header text-header-foreground shadow-sm">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6 lg:px-8">
        <Link
          href="/"
          className="mr-1 flex min-h-11 min-w-0 items-center gap-2 text-base font-extrabold tracking-tight sm:mr-2 sm:text-lg lg:shrink-0"
          onClick={closeMenus}
        >
          <span aria-hidden="true" className="h-6 w-6 shrink-0 rounded-full bg-yellow-400 ring-2 ring-primary ring-inset sm:h-7 sm:w-7" />
          <span className="truncate">{siteTitle}</span>
        </Link>

        <div className="hidden items-center gap-1 md:flex">
          {navLinks.map((link) => (
            <Link key={link.href} href={link.href} className={navLinkClass(location, link.href)}>
              {link.label}
            </Link>
          ))}
        </div>

        <SearchForm className="mx-auto hidden w-full max-w-xs min-w-40 md:block" />

        <div className="ml-auto flex items-center md:ml-0 md:gap-1">
          <DesktopAccount user={user} signInHref={signInHref} />

          <Button
            variant="ghost"
            size="icon"
            className="text-header-foreground md:hidden"
            data-needs-script
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

          <CartLink onClick={closeMenus} />

          <Button
            variant="ghost"
            size="icon"
            className="text-header-foreground md:hidden"
            data-needs-script
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

      {/* the toggles need scripts (index.html hides them without): the links and the search are simply shown */}
      <noscript>
        <div className="border-t border-black/10 px-4 py-3 md:hidden">
          <SearchForm />
          <ul className="mt-2 flex flex-wrap gap-1">
            {navLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={navLinkClass(location, link.href)}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a href={signInHref} className={navLinkClass(location, '/auth')}>
                Login/Register
              </a>
            </li>
          </ul>
        </div>
      </noscript>

      {menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu links={navLinks} location={location} user={user} signInHref={signInHref} onClose={closeMenus} />
        </Suspense>
      ) : null}
    </header>
  );
}
