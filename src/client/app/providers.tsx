import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '#client/lib/query-client.ts';
import { LazyToaster } from '#client/components/ui/lazy-toaster.tsx';
import { CartBridgeProvider } from '#client/features/catalog/components/cart-bridge.tsx';
import { useCart } from '#client/features/cart/cart-store.ts';
import { useSiteColors } from './use-site-colors.ts';

function SiteColors() {
  useSiteColors();
  return null;
}

/** The catalogue's add-to-cart buttons reach the cart feature only through this bridge (features stay independent). */
function CatalogCart({ children }: { children: ReactNode }) {
  const cart = useCart();
  return <CartBridgeProvider value={cart}>{children}</CartBridgeProvider>;
}

/** `queryClient`: the one a server-rendered page was drawn from (its answers hydrated into it); else a fresh one. */
export function Providers({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <SiteColors />
      <CatalogCart>{children}</CatalogCart>
      <LazyToaster />
    </QueryClientProvider>
  );
}
