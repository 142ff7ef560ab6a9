import { Link } from 'wouter';
import { NewsletterBox } from '#client/features/newsletter/components/newsletter-box.tsx';
import { DEFAULT_SITE_TITLE, settingText, useSiteSettings } from '#client/lib/site-settings.ts';

export function Footer() {
  const { data: settings } = useSiteSettings();
  const siteTitle = settingText(settings?.siteTitle, DEFAULT_SITE_TITLE);
  return (
    <footer className="bg-footer text-footer-foreground print:hidden">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:px-8">
        <div>
          <p className="text-lg font-bold">{siteTitle}</p>
          <p className="mt-2 max-w-sm text-sm opacity-80">Paddles, balls, bags and gear for players at every level.</p>
          <NewsletterBox />
        </div>
        {/* on touch layouts each link is a 44 px target; the negative margin keeps the first one in line with the text above */}
        <nav aria-label="Footer" className="sm:justify-self-end">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm max-md:-mx-2 max-md:gap-0">
            <li>
              <Link
                href="/shop"
                className="inline-flex min-h-11 min-w-11 items-center justify-center px-2 underline-offset-4 hover:underline md:inline md:min-h-0 md:min-w-0 md:px-0"
              >
                Shop
              </Link>
            </li>
            <li>
              <Link
                href="/contact"
                className="inline-flex min-h-11 min-w-11 items-center justify-center px-2 underline-offset-4 hover:underline md:inline md:min-h-0 md:min-w-0 md:px-0"
              >
                Contact
              </Link>
            </li>
            <li>
              <Link
                href="/policies"
                className="inline-flex min-h-11 min-w-11 items-center justify-center px-2 underline-offset-4 hover:underline md:inline md:min-h-0 md:min-w-0 md:px-0"
              >
                Policies
              </Link>
            </li>
            <li>
              <Link
                href="/cart"
                className="inline-flex min-h-11 min-w-11 items-center justify-center px-2 underline-offset-4 hover:underline md:inline md:min-h-0 md:min-w-0 md:px-0"
              >
                Cart
              </Link>
            </li>
            <li>
              <Link
                href="/order-lookup"
                className="inline-flex min-h-11 min-w-11 items-center justify-center px-2 underline-offset-4 hover:underline md:inline md:min-h-0 md:min-w-0 md:px-0"
              >
                Find an order
              </Link>
            </li>
            <li>
              <Link
                href="/gift-cards/balance"
                className="inline-flex min-h-11 min-w-11 items-center justify-center px-2 underline-offset-4 hover:underline md:inline md:min-h-0 md:min-w-0 md:px-0"
              >
                Gift card balance
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-current/15">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs opacity-80 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {siteTitle}
        </p>
      </div>
    </footer>
  );
}
