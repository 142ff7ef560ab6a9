import type { ReactNode } from 'react';
import { CartDrawerHost } from './cart-drawer-host.tsx';
import { Footer } from './footer.tsx';
import { NavBar } from './nav-bar.tsx';

export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <NavBar />
      {/* at least a screen tall, so the footer starts below the fold and never jumps as content arrives */}
      <main id="main" className="min-h-screen flex-1">
        {children}
      </main>
      <Footer />
      <CartDrawerHost />
    </div>
  );
}
