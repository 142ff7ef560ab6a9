import { Link } from 'wouter';
import { CreditCard, ExternalLink, FlaskConical, MessageSquareText, Settings, SlidersHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';

const cardClasses =
  'group flex items-start gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

function ShortcutBody({ icon, title, text }: { icon: ReactNode; title: ReactNode; text: string }) {
  return (
    <>
      <span className="rounded-md bg-primary/10 p-2 text-link" aria-hidden="true">
        {icon}
      </span>
      <span className="min-w-0">
        <span className="flex items-center gap-1 font-semibold text-gray-900 group-hover:text-link">{title}</span>
        <span className="mt-0.5 block text-sm text-gray-600">{text}</span>
      </span>
    </>
  );
}

/** Payment testing tools, the card provider's own dashboard, payment settings, the review queue, the paddle finder's rules. */
export function AdminShortcuts() {
  return (
    <nav aria-label="Admin shortcuts" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
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
    </nav>
  );
}
