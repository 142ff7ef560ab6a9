import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { AppRouter } from './router.tsx';
import { Providers } from './providers.tsx';
import { SiteLayout } from './layout/site-layout.tsx';

/** A new page starts at the top, as with ordinary links. */
function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

export function App() {
  return (
    <Providers>
      <ScrollToTop />
      <SiteLayout>
        <AppRouter />
      </SiteLayout>
    </Providers>
  );
}
