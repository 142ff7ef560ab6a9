import { cn } from '#client/lib/cn.ts';

export interface NavLink {
  href: string;
  label: string;
}

const SHOP_LINKS: NavLink[] = [
  { href: '/shop', label: 'Shop' },
  { href: '/contact', label: 'Contact' },
  { href: '/policies', label: 'Policies' },
];

/** Admins also get a link to the dashboard. */
export function navLinksFor(isAdmin: boolean): NavLink[] {
  return isAdmin ? [...SHOP_LINKS, { href: '/admin', label: 'Admin' }] : SHOP_LINKS;
}

/** The page's own link (and its sub-pages') is highlighted. */
export function navLinkClass(location: string, href: string): string {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-black/5',
    location === href || location.startsWith(`${href}/`) ? 'text-header-accent' : 'text-header-foreground',
  );
}
