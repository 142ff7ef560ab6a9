import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductTypeCatalog } from '#common/schemas/admin-product-types.ts';
import { SavedProductDocument, type ProductDocument } from '#common/schemas/product-document.ts';
import { fakeApi, fails, ok, type Answer } from '#client/test/fake-api.ts';
import { siteSettings } from '#client/test/fixtures.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import ProductEditorPage from './product-editor-page.tsx';

// The admin's product editor: the variant matrix (every combination of the picked values, each sold
// only when ticked) and the save, including the stock conflict: a variant's stock that changed since
// the form was opened (a sale) is a 409 shown on that row, and nothing is saved.

const catalog = ProductTypeCatalog.parse({
  types: [
    {
      id: 1,
      slug: 'paddles',
      name: 'Paddles',
      position: 0,
      productCount: 1,
      options: [
        { id: 1, key: 'core', name: 'Core thickness' },
        { id: 2, key: 'grip', name: 'Grip size' },
      ],
      attributes: [],
    },
  ],
  optionTypes: [
    {
      id: 1,
      key: 'core',
      name: 'Core thickness',
      values: [
        { id: 11, label: '13 mm', sortValue: 13 },
        { id: 12, label: '16 mm', sortValue: 16 },
      ],
    },
    {
      id: 2,
      key: 'grip',
      name: 'Grip size',
      values: [
        { id: 21, label: '4 in', sortValue: 4 },
        { id: 22, label: '4 1/4 in', sortValue: 4.25 },
      ],
    },
  ],
});

// sold in 13 mm / 4 in and 16 mm / 4 in
const saved = SavedProductDocument.parse({
  id: 7,
  name: 'Grip Paddle',
  slug: 'grip-paddle',
  brandId: 3,
  productTypeId: 1,
  description: null,
  thickness: null,
  color: null,
  releaseDate: null,
  isFeatured: false,
  usapaStatus: 'approved',
  usapaCheckedOn: null,
  images: [],
  variants: [
    { id: 71, sku: 'GP-13-4', price: '150.00', compareAtPrice: null, stock: 5, options: { core: '13 mm', grip: '4 in' }, image: null },
    { id: 72, sku: 'GP-16-4', price: '165.00', compareAtPrice: null, stock: 2, options: { core: '16 mm', grip: '4 in' }, image: null },
  ],
  attributes: [],
});

function adminApi(save: (body: ProductDocument) => Answer = () => ok(saved)) {
  return fakeApi({
    'GET /api/admin/product-types': ok(catalog),
    'GET /api/admin/products/7/document': ok(saved),
    'GET /api/brands': ok([{ id: 3, name: 'Dink Co', slug: 'dink-co', description: null, imageUrl: null, isFeatured: false }]),
    'GET /api/admin/stock-alerts': ok([{ variantId: 72, waiting: 3 }]),
    'GET /api/site-settings': ok(siteSettings()),
    'PUT /api/admin/products/7/document': (request) => save(request.body as ProductDocument),
  });
}

async function openEditor() {
  const view = renderInShop(<ProductEditorPage id="7" />, { path: '/admin/products/7/edit' });
  await screen.findByRole('heading', { name: 'Edit Grip Paddle', level: 1 });
  return view;
}

/** Ticks one of an axis's shared values ("Grip size 4 1/4 in"), adding its combinations to the matrix. */
async function pickValue(user: ReturnType<typeof renderInShop>['user'], name: string) {
  await user.click(screen.getByRole('checkbox', { name }));
}

const variants = () => within(screen.getByRole('table', { name: 'Variants' }));
const row = (label: string) => within(variants().getByRole('rowheader', { name: label }).closest('tr')!);

describe('the product editor', () => {
  it('shows the variants on sale, and a row for every combination once another value is picked', async () => {
    adminApi();
    const { user } = await openEditor();
    expect(screen.getByText('2 of 2 combinations on sale (at most 100).')).toBeInTheDocument();
    expect(row('13 mm / 4 in').getByLabelText('Price of 13 mm / 4 in')).toHaveValue('150.00');
    expect(row('16 mm / 4 in').getByLabelText('Stock of 16 mm / 4 in')).toHaveValue('2');
    expect(await row('16 mm / 4 in').findByText('3 people waiting')).toBeInTheDocument();

    await pickValue(user, 'Grip size 4 1/4 in');

    expect(screen.getByText('2 of 4 combinations on sale (at most 100).')).toBeInTheDocument();
    expect(
      variants()
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['13 mm / 4 in', '13 mm / 4 1/4 in', '16 mm / 4 in', '16 mm / 4 1/4 in']);
    expect(row('13 mm / 4 in').getByRole('checkbox', { name: 'Sell 13 mm / 4 in' })).toBeChecked();
    expect(row('13 mm / 4 1/4 in').getByRole('checkbox', { name: 'Sell 13 mm / 4 1/4 in' })).not.toBeChecked();
    expect(row('13 mm / 4 1/4 in').getByText('Not sold')).toBeInTheDocument();
  });

  it('adds a combination to the sale and saves the whole product, each loaded variant with the stock it was opened with', async () => {
    const api = adminApi();
    const { user } = await openEditor();
    await pickValue(user, 'Grip size 4 1/4 in');

    await user.click(row('13 mm / 4 1/4 in').getByRole('checkbox', { name: 'Sell 13 mm / 4 1/4 in' }));
    await fillIn(user, row('13 mm / 4 1/4 in').getByLabelText('SKU of 13 mm / 4 1/4 in'), 'GP-13-425');
    await fillIn(user, row('13 mm / 4 1/4 in').getByLabelText('Price of 13 mm / 4 1/4 in'), '155.00');
    await user.clear(row('13 mm / 4 1/4 in').getByLabelText('Stock of 13 mm / 4 1/4 in'));
    await user.type(row('13 mm / 4 1/4 in').getByLabelText('Stock of 13 mm / 4 1/4 in'), '4');
    expect(screen.getByText('3 of 4 combinations on sale (at most 100).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save product' }));

    expect(await findToast('Product saved')).toHaveTextContent('Grip Paddle was saved.');
    expect(api.sentTo('PUT /api/admin/products/7/document')[0]?.body).toMatchObject({
      name: 'Grip Paddle',
      brandId: 3,
      productTypeId: 1,
      variants: [
        { id: 71, sku: 'GP-13-4', price: '150.00', stock: 5, stockWas: 5, options: { core: '13 mm', grip: '4 in' } },
        { sku: 'GP-13-425', price: '155.00', stock: 4, options: { core: '13 mm', grip: '4 1/4 in' } },
        { id: 72, sku: 'GP-16-4', price: '165.00', stock: 2, stockWas: 2, options: { core: '16 mm', grip: '4 in' } },
      ],
    });
    expect((api.sentTo('PUT /api/admin/products/7/document')[0]?.body as ProductDocument).variants[1]).not.toHaveProperty('id');
  });

  it('sets a price on the selected rows at once', async () => {
    adminApi();
    const { user } = await openEditor();

    await user.click(variants().getByRole('checkbox', { name: 'Select all combinations' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Price for selected ($)'), '139.99');
    await user.click(screen.getByRole('button', { name: 'Set price' }));

    expect(row('13 mm / 4 in').getByLabelText('Price of 13 mm / 4 in')).toHaveValue('139.99');
    expect(row('16 mm / 4 in').getByLabelText('Price of 16 mm / 4 in')).toHaveValue('139.99');
  });

  it('adds rows for a new option value', async () => {
    adminApi();
    const { user } = await openEditor();

    await user.type(screen.getByLabelText('New core thickness value'), '14 mm{Enter}');

    expect(screen.getByText('2 of 3 combinations on sale (at most 100).')).toBeInTheDocument();
    expect(row('14 mm / 4 in').getByText('Not sold')).toBeInTheDocument();
  });

  it('refuses to save a combination on sale without a price, on its row, and sends nothing', async () => {
    const api = adminApi();
    const { user } = await openEditor();
    await pickValue(user, 'Grip size 4 1/4 in');

    await user.click(row('16 mm / 4 1/4 in').getByRole('checkbox', { name: 'Sell 16 mm / 4 1/4 in' }));
    await user.click(screen.getByRole('button', { name: 'Save product' }));

    expect(await findToast('Fix the marked fields')).toHaveTextContent('Price is required');
    expect(row('16 mm / 4 1/4 in').getByLabelText('Price of 16 mm / 4 1/4 in')).toHaveAccessibleDescription('Price is required');
    expect(api.sentTo('PUT /api/admin/products/7/document')).toHaveLength(0);
  });

  it('shows a stock that changed since the form was opened on its row, keeps the edits, and saves nothing', async () => {
    const conflict =
      'Stock of Grip Paddle (GP-16-4) changed to 1 since you opened this form (a sale or another edit). Nothing was saved: reload to see it, then save again.';
    const api = adminApi(() => fails(409, conflict, [{ path: 'variants.1.stock', message: conflict }]));
    const { user } = await openEditor();
    const stock = row('16 mm / 4 in').getByLabelText('Stock of 16 mm / 4 in');

    await user.clear(stock);
    await user.type(stock, '10');
    await user.click(screen.getByRole('button', { name: 'Save product' }));

    expect(await findToast('Failed to save product')).toHaveTextContent(conflict);
    await waitFor(() => expect(row('16 mm / 4 in').getByLabelText('Stock of 16 mm / 4 in')).toHaveAccessibleDescription(conflict));
    expect(row('16 mm / 4 in').getByLabelText('Stock of 16 mm / 4 in')).toBeInvalid();
    expect(row('16 mm / 4 in').getByLabelText('Stock of 16 mm / 4 in')).toHaveValue('10');
    expect(row('13 mm / 4 in').getByLabelText('Stock of 13 mm / 4 in')).toBeValid();
    expect(api.sentTo('PUT /api/admin/products/7/document')[0]?.body).toMatchObject({ variants: [{ id: 71 }, { id: 72, stock: 10, stockWas: 2 }] });
    expect(screen.getByRole('button', { name: 'Save product' })).toBeEnabled();
  });
});

describe('the product editor’s save bar', () => {
  const bar = () => within(screen.getByRole('region', { name: 'Product changes' }));

  it('marks the product unsaved on an edit, not when the edit is typed back, and saved after a save', async () => {
    adminApi();
    const { user } = await openEditor();
    expect(bar().getByRole('status')).toHaveTextContent('No unsaved changes');

    const stock = row('16 mm / 4 in').getByLabelText('Stock of 16 mm / 4 in');
    await user.clear(stock);
    await user.type(stock, '9');
    expect(bar().getByRole('status')).toHaveTextContent('Unsaved changes');
    await user.clear(stock);
    await user.type(stock, '2');
    expect(bar().getByRole('status')).toHaveTextContent('No unsaved changes');

    await pickValue(user, 'Grip size 4 1/4 in');
    expect(bar().getByRole('status')).toHaveTextContent('Unsaved changes');
    await user.click(bar().getByRole('button', { name: 'Save product' }));
    await findToast('Product saved');
    expect(bar().getByRole('status')).toHaveTextContent('All changes saved');
  });

  it('discards every change after asking, naming the product, and saves nothing', async () => {
    const api = adminApi();
    const { user } = await openEditor();
    await pickValue(user, 'Grip size 4 1/4 in');
    await fillIn(user, row('13 mm / 4 in').getByLabelText('Price of 13 mm / 4 in'), '9');

    await user.click(bar().getByRole('button', { name: 'Discard changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard your changes?' });
    expect(dialog).toHaveTextContent('Everything changed in “Grip Paddle” since it was last saved is lost.');
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));

    expect(screen.getByText('2 of 2 combinations on sale (at most 100).')).toBeInTheDocument();
    expect(row('13 mm / 4 in').getByLabelText('Price of 13 mm / 4 in')).toHaveValue('150.00');
    expect(bar().getByRole('status')).toHaveTextContent('No unsaved changes');
    expect(api.sentTo('PUT /api/admin/products/7/document')).toHaveLength(0);
  });

  it('saves with Ctrl+S from a field in the middle of the form', async () => {
    const api = adminApi();
    const { user } = await openEditor();
    const price = row('13 mm / 4 in').getByLabelText('Price of 13 mm / 4 in');
    await user.clear(price);
    await fillIn(user, price, '139.00');
    await user.keyboard('{Control>}s{/Control}');
    await findToast('Product saved');
    expect(api.sentTo('PUT /api/admin/products/7/document')[0]?.body).toMatchObject({ variants: [{ id: 71, price: '139.00' }, { id: 72 }] });
  });
});
