import { Link } from 'wouter';
import { CreditCard, ExternalLink, FlaskConical, Gift, History, LayoutList, Mail, MessageSquareText, Search, Settings, SlidersHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Permission } from '#common/staff-roles.ts';
import { useCurrentUser } from '#client/lib/session.ts';
import { userMay } from '#client/lib/staff-permissions.ts';

// Links that wrap, on a phone as on a desk: a row scrolling sideways cut its last visible link at the screen's
// edge (issue 34). A desk gets compact chips with icons; a phone plain titles in three short lines, so the tabs and
// the open tab's content still start in the screen's top half. What each does is in its tooltip.
const linkClasses =
  'group flex shrink-0 items-center gap-1 rounded-md py-0.5 text-xs font-semibold whitespace-nowrap text-link underline-offset-2 transition-colors hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:gap-2 sm:rounded-lg sm:border sm:border-gray-200 sm:bg-white sm:py-1.5 sm:pr-3 sm:pl-1.5 sm:text-sm sm:text-gray-900 sm:shadow-sm sm:hover:border-primary sm:hover:text-link sm:hover:no-underline';

interface Shortcut {
  href: string;
  title: string;
  text: string;
  icon: ReactNode;
  /** the server answers the page's reads only to a role with this permission (decision 052) */
  permission: Permission;
  external?: boolean;
}

const SHORTCUTS: readonly Shortcut[] = [
  { href: '/payment-test', title: 'Payment Testing', text: 'Run a test payment and a test e-mail.', icon: <FlaskConical />, permission: 'payments.manage' },
  {
    href: 'https://dashboard.stripe.com',
    title: 'Stripe Dashboard',
    text: 'Payments, refunds and payouts at the card provider.',
    icon: <CreditCard />,
    permission: 'payments.manage',
    external: true,
  },
  {
    href: '/stripe-status',
    title: 'Payment Settings',
    text: 'Keys, mode and webhooks of the payment provider.',
    icon: <Settings />,
    permission: 'payments.manage',
  },
  {
    href: '/admin/gift-cards',
    title: 'Gift Cards',
    text: "Issue, adjust and disable gift cards; each one's ledger.",
    icon: <Gift />,
    permission: 'coupons.manage',
  },
  { href: '/admin/reviews', title: 'Reviews', text: 'Publish, hide or reply to player reviews.', icon: <MessageSquareText />, permission: 'catalog.manage' },
  {
    href: '/admin/paddle-finder',
    title: 'Paddle Finder',
    text: 'What each quiz answer filters and prefers.',
    icon: <SlidersHorizontal />,
    permission: 'catalog.manage',
  },
  {
    href: '/admin/home',
    title: 'Home Page',
    text: 'Sections of the home page: order, product grids, tiles.',
    icon: <LayoutList />,
    permission: 'catalog.manage',
  },
  { href: '/admin/search', title: 'Search', text: 'Synonyms, top searches and searches that found nothing.', icon: <Search />, permission: 'catalog.manage' },
  { href: '/admin/newsletter', title: 'Newsletter', text: 'Subscribers, their consent, and checkout reminders.', icon: <Mail />, permission: 'customers.view' },
  { href: '/admin/audit', title: 'Audit Log', text: 'Who changed what, when, and every sign-in.', icon: <History />, permission: 'audit.view' },
];

function ShortcutBody({ shortcut }: { shortcut: Shortcut }) {
  return (
    <>
      <span className="hidden rounded-md bg-primary/10 p-1.5 text-link sm:block [&>svg]:h-4 [&>svg]:w-4" aria-hidden="true">
        {shortcut.icon}
      </span>
      {shortcut.title}
      {shortcut.external ? (
        <>
          <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </>
      ) : null}
    </>
  );
}

/** The tools beside the tabs that the signed-in role may use: payment testing and settings, the card provider, gift cards, reviews, the paddle finder, search, the newsletter, the audit log. */
export function AdminShortcuts() {
  const { user } = useCurrentUser();
  const shortcuts = SHORTCUTS.filter((shortcut) => userMay(user, shortcut.permission));
  if (shortcuts.length === 0) return null;
  return (
    <nav aria-label="Admin shortcuts" className="flex flex-wrap gap-x-2.5 gap-y-1 sm:gap-2">
      {shortcuts.map((shortcut) =>
        shortcut.external ? (
          <a key={shortcut.href} href={shortcut.href} title={shortcut.text} target="_blank" rel="noopener noreferrer" className={linkClasses}>
            <ShortcutBody shortcut={shortcut} />
          </a>
        ) : (
          <Link key={shortcut.href} href={shortcut.href} title={shortcut.text} className={linkClasses}>
            <ShortcutBody shortcut={shortcut} />
          </Link>
        ),
      )}
    </nav>
  );
}
