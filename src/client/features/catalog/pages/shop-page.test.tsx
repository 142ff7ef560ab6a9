import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Brand } from '#common/schemas/catalog.ts';
import { CatalogItem, CatalogListing } from '#common/schemas/catalog-listing.ts';
import { fakeApi, fails, ok, type SentRequest } from '#client/test/fake-api.ts';
import { product, siteSettings } from '#client/test/fixtures.ts';
import { fillIn, renderInShop } from '#client/test/render.tsx';
import { CartBridgeProvider } from '../components/cart-bridge.tsx';
import ShopPage from './shop-page.tsx';

// /shop: its address is its state. Sort, facets, categories and the brand filter change the address
// (a filter back to page 1), the API is asked with the same query (search as q), and the empty and
// failed states say what happened.

const item = (overrides: Partial<CatalogItem>) =>
  CatalogItem.parse({ ...product(), priceMax: product().price, variantCount: 1, ratingAverage: null, ratingCount: 0, ...overrides });
const brands = [
  Brand.parse({ id: 3, name: 'Selkirk', slug: 'selkirk', description: null, imageUrl: null, isFeatured: true }),
  Brand.parse({ id: 4, name: 'JOOLA', slug: 'joola', description: null, imageUrl: null, isFeatured: false }),
];

function listing(overrides: Partial<CatalogListing> = {}): CatalogListing {
  return CatalogListing.parse({
    items: [item({ id: 1, name: 'Court Pro Paddle' }), item({ id: 2, name: 'Vanguard Power', slug: 'vanguard-power', price: '129.00', priceMax: '149.00' })],
    total: 2,
    page: 1,
    pageCount: 1,
    sort: 'featured',
    categories: [
      { id: 1, slug: 'paddles', name: 'Paddles', count: 2 },
      { id: 2, slug: 'balls', name: 'Balls', count: 0 },
    ],
    facets: [
      {
        key: 'f.shape',
        name: 'Shape',
        kind: 'choice',
        values: [
          { value: 'Elongated', label: 'Elongated', count: 1 },
          { value: 'Hybrid', label: 'Hybrid', count: 1 },
          { value: 'Wide', label: 'Wide', count: 0 },
        ],
      },
      { key: 'price', name: 'Price', kind: 'price', values: [{ value: '0-100', label: 'Under $100', count: 1 }] },
    ],
    ...overrides,
  });
}

function openShop(path: string, answer: (request: SentRequest) => ReturnType<typeof ok> = () => ok(listing())) {
  const api = fakeApi({ 'GET /api/site-settings': ok(siteSettings()), 'GET /api/brands': ok(brands), 'GET /api/catalog': answer });
  const cart = { quantityOf: () => 0, addItem: vi.fn(), updateQuantity: vi.fn() };
  const view = renderInShop(
    <CartBridgeProvider value={cart}>
      <ShopPage />
    </CartBridgeProvider>,
    { path },
  );
  const lastQuery = () => api.sentTo('GET /api/catalog').at(-1)?.url.replace('/api/catalog', '');
  return { ...view, api, lastQuery };
}

describe('the shop page', () => {
  it('lists the products with their count and asks the API with the address’s query, search as q', async () => {
    const { lastQuery } = openShop('/shop?search=%20pro%20&f.shape=Hybrid');
    expect(await screen.findByRole('heading', { name: 'Search results for "pro"', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('2 products')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Court Pro Paddle' })).toBeInTheDocument();
    expect(lastQuery()).toBe('?q=pro&f.shape=Hybrid');
    expect(screen.getByRole('checkbox', { name: /Hybrid/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Clear search' })).toHaveAttribute('href', '/shop');
  });

  it('sorts by changing the address, and Featured removes the sort', async () => {
    const { user, history, lastQuery } = openShop('/shop?type=paddles&page=2');
    await screen.findByRole('heading', { name: 'Court Pro Paddle' });

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
    // the sort is not a filter: the page stays
    expect(history.at(-1)).toBe('/shop?type=paddles&page=2&sort=price_asc');
    await waitFor(() => expect(lastQuery()).toBe('?type=paddles&page=2&sort=price_asc'));

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Featured');
    expect(history.at(-1)).toBe('/shop?type=paddles&page=2');
  });

  it('ticks a facet value, back to page 1, and a value no product has cannot be ticked', async () => {
    const { user, history } = openShop('/shop?page=3&f.shape=Elongated');
    const shape = within(await screen.findByRole('group', { name: 'Shape' }));
    expect(shape.getByRole('checkbox', { name: /Wide/ })).toBeDisabled();

    await user.click(shape.getByRole('checkbox', { name: /Hybrid/ }));
    expect(history.at(-1)).toBe('/shop?f.shape=Elongated,Hybrid');
  });

  it('unticks the last value of a facet, removing the parameter', async () => {
    const { user, history } = openShop('/shop?f.shape=Elongated&sort=name');
    await user.click(await screen.findByRole('checkbox', { name: /Elongated/ }));
    expect(history.at(-1)).toBe('/shop?sort=name');
  });

  it('applies a typed price range and shows it as chosen', async () => {
    const { user, history } = openShop('/shop');
    const price = within(await screen.findByRole('group', { name: 'Price' }));
    await fillIn(user, price.getByLabelText('Min $'), '30');
    await fillIn(user, price.getByLabelText('Max $'), '120');
    await user.click(price.getByRole('button', { name: 'Go' }));
    expect(history.at(-1)).toBe('/shop?price=30-120');
    expect(await price.findByRole('checkbox', { name: '$30 to $120' })).toBeChecked();
  });

  it('links each category with its count, dropping the old category’s spec filters', async () => {
    openShop('/shop?type=balls&f.shape=Hybrid&sort=name');
    const categories = within(await screen.findByRole('navigation', { name: 'Categories' }));
    expect(categories.getByRole('link', { name: 'Paddles (2)' })).toHaveAttribute('href', '/shop?type=paddles&sort=name');
    expect(categories.getByRole('link', { name: 'Balls (0)' })).toHaveAttribute('aria-current', 'page');
    expect(categories.getByRole('link', { name: 'All products' })).toHaveAttribute('href', '/shop?sort=name');
    expect(await screen.findByRole('heading', { name: 'Balls', level: 1 })).toBeInTheDocument();
  });

  it('pages through a long list, keeping the filters', async () => {
    openShop('/shop?f.shape=Hybrid&page=2', () => ok(listing({ total: 60, page: 2, pageCount: 3 })));
    const pages = within(await screen.findByRole('navigation', { name: 'Pages' }));
    expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(pages.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/shop?f.shape=Hybrid');
    expect(pages.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/shop?f.shape=Hybrid&page=3');
  });

  it('says when nothing matches a search, with the way back to every product', async () => {
    openShop('/shop?search=zzz', () => ok(listing({ items: [], total: 0 })));
    expect(await screen.findByText('No products found matching "zzz"')).toBeInTheDocument();
    expect(screen.getByText('0 products')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all products' })).toHaveAttribute('href', '/shop');
  });

  it('offers the corrected search and, with no results, the popular categories (issue 34)', async () => {
    const popularCategories = [
      { id: 1, slug: 'paddles', name: 'Paddles' },
      { id: 2, slug: 'balls', name: 'Balls' },
    ];
    openShop('/shop?search=zzpadle', () => ok(listing({ items: [], total: 0, search: { didYouMean: 'zz paddle', popularCategories } })));
    expect(await screen.findByText('No products found matching "zzpadle"')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'zz paddle' })).toHaveAttribute('href', '/shop?search=zz+paddle');
    const popular = screen.getByRole('navigation', { name: 'Popular categories' });
    expect(
      within(popular)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/shop?type=paddles', '/shop?type=balls']);
  });

  it('offers to try again when the products could not be read', async () => {
    const { user, api } = openShop('/shop', () => fails(503, 'Database unavailable'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("We couldn't load the products")).toBeInTheDocument();

    api.route('GET /api/catalog', ok(listing()));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Court Pro Paddle' })).toBeInTheDocument();
  });
});
