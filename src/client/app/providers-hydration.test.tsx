import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, serializeCart } from '#client/features/cart/cart-storage.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { product, siteSettings } from '#client/test/fixtures.ts';

// A store whose value after hydration is not the very one the server drew makes React draw every reader again,
// synchronously, in the task after hydration: on an empty cart that is work for nothing on every page.

/** Draws the providers with a cart reader on the server, hydrates them, and counts the reader's renders in the browser. */
async function rendersWhileHydrating(): Promise<number> {
  // the cart is read from storage as its module loads: each test loads it (and React with it) afresh
  vi.resetModules();
  const { act } = await import('react');
  const { hydrateRoot } = await import('react-dom/client');
  const { renderToString } = await import('react-dom/server');
  const { Providers } = await import('./providers.tsx');
  const { useCartBridge } = await import('#client/features/catalog/components/cart-bridge.tsx');
  const { createQueryClient } = await import('#client/lib/query-client.ts');
  const { siteSettingsQueryOptions } = await import('#client/lib/site-settings.ts');
  let renders = 0;
  function Reader() {
    const cart = useCartBridge();
    renders += 1;
    return <span>{cart.quantityOf(1)}</span>;
  }
  // as a rendered page arrives: with the settings it was drawn with, so nothing is fetched or loaded after the test
  const queryClient = createQueryClient();
  queryClient.setQueryData(siteSettingsQueryOptions().queryKey, siteSettings());
  const page = (
    <Providers queryClient={queryClient}>
      <Reader />
    </Providers>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  renders = 0;
  await act(async () => {
    hydrateRoot(container, page);
  });
  container.remove();
  return renders;
}

describe('hydrating the cart', () => {
  beforeEach(() => {
    // React's act() works only where the test says it runs under act (testing-library says so for its own tests)
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    // no route: hydrating asks the server for nothing
    fakeApi({});
  });
  afterEach(() => {
    localStorage.clear();
  });

  it('draws a reader of an empty cart once', async () => {
    expect(await rendersWhileHydrating()).toBe(1);
  });

  it('draws a reader of a stored cart again, with the stored lines', async () => {
    localStorage.setItem(CART_STORAGE_KEY, serializeCart([{ product: product({ id: 1 }), quantity: 2 }]));
    expect(await rendersWhileHydrating()).toBe(2);
  });
});
