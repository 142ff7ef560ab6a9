import { Link } from 'wouter';
import { CreditCard, ExternalLink, FlaskConical, History, Mail, MessageSquareText, Search, Settings, SlidersHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { useMay } from '#client/lib/staff-permissions.ts';

// phones: one row of compact links that scrolls sideways (icon and title); from 640 px up, cards with a line of text
const cardClasses =
  'group flex shrink-0 items-center gap-2 rounded-lg border border-gray-200 bg-white px-3 py-1.5 shadow-sm transition-colors sm:items-start sm:gap-3 sm:p-3 hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

function ShortcutBody({ icon, title, text }: { icon: ReactNode; title: ReactNode; text: string }) {
  return (
    <>
      <span className="rounded-md bg-primary/10 p-1.5 text-link sm:p-2" aria-hidden="true">
        {icon}
      </span>
      <span className="min-w-0">
        <span className="flex items-center gap-1 text-sm font-semibold whitespace-nowrap text-gray-900 group-hover:text-link sm:text-base">{title}</span>
        <span className="mt-0.5 hidden text-sm text-gray-600 sm:block">{text}</span>
      </span>
    </>
  );
}

/** Payment testing tools, the card provider's own dashboard, payment settings, the review queue, the paddle finder's rules, search, the newsletter, the audit log. */
export function AdminShortcuts() {
  // the newsletter's list is customer data: the server reads it only to a role that may see customers
  const mayReadSubscribers = useMay('customers.view');
  return (
    <nav
      aria-label="Admin shortcuts"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-3 sm:px-0 sm:pb-0 lg:grid-cols-4"
    >
      <Link href="/payment-test" className={cardClasses}>
        <ShortcutBody icon={<FlaskConical className="h-5 w-5" />} title="Payment Testing" text="Run a test payment and a test e-mail." />
      </Link>
      <a href="https://dashboard.stripe.com" target="_blank" rel="noopener noreferrer" className={cardClasses}>
        <ShortcutBody
          icon={<CreditCard className="h-5 w-5" />}
          title={
            <>
              Stripe Dashboard <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </>
          }
          text="Payments, refunds and payouts at the card provider."
        />
      </a>
      <Link href="/stripe-status" className={cardClasses}>
        <ShortcutBody icon={<Settings className="h-5 w-5" />} title="Payment Settings" text="Keys, mode and webhooks of the payment provider." />
      </Link>
      <Link href="/admin/reviews" className={cardClasses}>
        <ShortcutBody icon={<MessageSquareText className="h-5 w-5" />} title="Reviews" text="Publish, hide or reply to player reviews." />
      </Link>
      <Link href="/admin/paddle-finder" className={cardClasses}>
        <ShortcutBody icon={<SlidersHorizontal className="h-5 w-5" />} title="Paddle Finder" text="What each quiz answer filters and prefers." />
      </Link>
      <Link href="/admin/search" className={cardClasses}>
        <ShortcutBody icon={<Search className="h-5 w-5" />} title="Search" text="Synonyms, top searches and searches that found nothing." />
      </Link>
      {mayReadSubscribers ? (
        <Link href="/admin/newsletter" className={cardClasses}>
          <ShortcutBody icon={<Mail className="h-5 w-5" />} title="Newsletter" text="Subscribers, their consent, and checkout reminders." />
        </Link>
      ) : null}
      <Link href="/admin/audit" className={cardClasses}>
        <ShortcutBody icon={<History className="h-5 w-5" />} title="Audit Log" text="Who changed what, when, and every sign-in." />
      </Link>
    </nav>
  );
}
