import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { AdminProductRow } from '#common/schemas/admin-product-list.ts';
import { ProductTypeCatalog } from '#common/schemas/admin-product-types.ts';
import { Brand } from '#common/schemas/catalog.ts';
import { fakeApi, fails, ok, type Answer, type SentRequest } from '#client/test/fake-api.ts';
import { product } from '#client/test/fixtures.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { ProductList } from './product-list.tsx';

// The admin's products list: searched and filtered on the server from the address bar's parameters,
// stock shown as the owner needs it, paged by the total the server counts, featured and deleted per row.

const selkirk = Brand.parse({ id: 3, name: 'Selkirk', slug: 'selkirk', description: null, imageUrl: null, isFeatured: false });
const types = ProductTypeCatalog.parse({
  types: [
    { id: 1, slug: 'paddles', name: 'Paddles', position: 0, productCount: 2, options: [], attributes: [] },
    { id: 2, slug: 'balls', name: 'Balls', position: 1, productCount: 1, options: [], attributes: [] },
  ],
  optionTypes: [],
});
const row = (overrides: Partial<AdminProductRow>) => AdminProductRow.parse({ ...product(), productTypeName: 'Paddles', variantCount: 1, ...overrides });
const rows = [
  row({ id: 1, name: 'Court Pro Paddle', price: '60.00', stock: 12, sku: 'CPP-1', brandId: 3, brand: selkirk, isFeatured: true }),
  row({ id: 2, name: 'Vanguard Power', price: '149.99', stock: 3, sku: null, variantCount: 4 }),
  row({ id: 3, name: 'Dura Fast 40', price: '3.50', stock: 0, productTypeName: 'Balls' }),
];

function openList(path = '/admin', products: (request: SentRequest) => Answer = () => ({ json: rows, headers: { 'X-Total-Count': '3' } })) {
  const api = fakeApi({
    'GET /api/admin/products': products,
    'GET /api/brands': ok([selkirk]),
    'GET /api/admin/product-types': ok(types),
    'PATCH /api/products/2/featured': ok({ ...rows[1], isFeatured: true }),
    'DELETE /api/products/3': ok(null),
  });
  const lastQuery = () => api.sentTo('GET /api/admin/products').at(-1)?.query;
  return { ...renderInShop(<ProductList onEdit={() => undefined} />, { path }), api, lastQuery };
}

describe('the admin products list', () => {
  it('shows price, stock level, brand, type, variants and SKU of each product', async () => {
    openList();
    const court = within(await screen.findByTestId('product-row-1'));
    expect(court.getByText('Featured')).toBeInTheDocument();
    expect(court.getByText('$60.00')).toBeInTheDocument();
    expect(court.getByText('Stock: 12')).toBeInTheDocument();
    expect(court.getByText('Selkirk')).toBeInTheDocument();
    expect(court.getByText('SKU CPP-1')).toBeInTheDocument();

    const vanguard = within(screen.getByTestId('product-row-2'));
    expect(vanguard.getByText('From $149.99')).toBeInTheDocument();
    expect(vanguard.getByText('4 variants')).toBeInTheDocument();
    expect(vanguard.getByText('Stock: 3')).toBeInTheDocument();
    expect(vanguard.getByRole('link', { name: 'Variants & specs of Vanguard Power' })).toHaveAttribute('href', '/admin/products/2/edit');

    expect(within(screen.getByTestId('product-row-3')).getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByText('Products (3)')).toBeInTheDocument();
  });

  it('reads the filters from the address and sends them to the server', async () => {
    const { lastQuery } = openList('/admin?tab=products&q=pro&type=1&brand=3&stock=in&featured=true&page=2');
    await screen.findByTestId('product-row-1');
    const query = lastQuery();
    expect(Object.fromEntries(query ?? [])).toEqual({ q: 'pro', typeId: '1', brandId: '3', stock: 'in', featured: 'true', page: '2', pageSize: '50' });
    expect(screen.getByLabelText('Search by name or SKU')).toHaveValue('pro');
    await waitFor(() => expect(screen.getByLabelText('Type')).toHaveDisplayValue('Paddles'));
    expect(screen.getByLabelText('Brand filter')).toHaveDisplayValue('Selkirk');
    expect(screen.getByLabelText('Stock filter')).toHaveDisplayValue('In stock');
    expect(screen.getByLabelText('Featured filter')).toHaveDisplayValue('Featured');
  });

  it('puts a chosen filter in the address, back on page 1, and asks the server again', async () => {
    // the list writes on top of the address bar (two quick changes must not undo each other): the browser's shows the same page
    window.history.replaceState(null, '', '/admin?tab=products&page=3');
    onTestFinished(() => window.history.replaceState(null, '', '/'));
    const { user, history, lastQuery } = openList('/admin?tab=products&page=3');
    await screen.findByTestId('product-row-1');
    expect(lastQuery()?.get('page')).toBe('3');

    await user.selectOptions(screen.getByLabelText('Stock filter'), 'Out of stock');

    await waitFor(() => expect(lastQuery()?.get('stock')).toBe('out'));
    expect(lastQuery()?.get('page')).toBe('1');
    expect(history.at(-1)).toBe('/admin?tab=products&stock=out');
  });

  it('searches by the trimmed text on Search', async () => {
    const { user, lastQuery } = openList();
    await screen.findByTestId('product-row-1');

    await fillIn(user, screen.getByLabelText('Search by name or SKU'), '  CPP-1 ');
    expect(lastQuery()?.has('q')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(lastQuery()?.get('q')).toBe('CPP-1'));
  });

  it('says when no product matches the filters', async () => {
    openList('/admin?stock=out', () => ok([]));
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
  });

  it('says there is no product yet on an unfiltered empty list', async () => {
    openList('/admin', () => ok([]));
    expect(await screen.findByText('No products yet. Add the first one above.')).toBeInTheDocument();
  });

  it("pages by the server's total count", async () => {
    const { user, lastQuery } = openList('/admin', () => ({ json: rows, headers: { 'X-Total-Count': '120' } }));
    const pager = within(await screen.findByRole('navigation', { name: 'Products pages' }));
    expect(pager.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Products (120)')).toBeInTheDocument();
    expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(pager.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(lastQuery()?.get('page')).toBe('2'));
    expect(await pager.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('shows why the list could not be read', async () => {
    openList('/admin', () => fails(500, 'The products could not be read'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The products could not be read');
  });

  it('features a product and deletes another after confirming', async () => {
    const { user, api } = openList();
    await user.click(await screen.findByRole('button', { name: 'Feature Vanguard Power' }));
    await findToast('Product featured');
    expect(api.sentTo('PATCH /api/products/2/featured')[0]?.body).toEqual({ isFeatured: true });

    await user.click(screen.getByRole('button', { name: 'Delete Dura Fast 40' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Are you sure you want to delete this product?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await findToast('Product deleted')).toBeInTheDocument();
    expect(api.sentTo('DELETE /api/products/3')).toHaveLength(1);
  });
});
