import { expect, test, type Page } from './support/test.ts';
import type { ProductDetail } from '#common/schemas/catalog.ts';
import type { SavedProductDocument } from '#common/schemas/product-document.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { adminApi, expectToast, pngUpload, runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { getBrands } from './support/shop-data.ts';

// The owner builds a paddle with a variant matrix (2 thicknesses x 2 grips, 3 of 4 sold), a gallery and
// a spec sheet; the storefront's product API shows it; the products list finds it by URL filters.

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const COMBOS = ['14 mm / 4 1/4 in', '16 mm / 4 1/4 in', '16 mm / 4 3/8 in'];

test('as the owner: build a variant matrix, save it, see it in the shop API and the filtered products list', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const id = runId();
  const name = `Matrix Pro ${id}`;
  const api = await adminApi(baseURL!);
  try {
    const [brand] = await getBrands(api);
    await signInAsAdmin(page);
    await page.goto('/admin/products/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();

    await field(page, 'Product name').fill(name);
    await field(page, 'Brand').selectOption({ label: brand!.name });
    await expect(field(page, 'Product type')).toHaveValue(/\d+/);
    await field(page, 'Product type').selectOption({ label: 'Paddles' });
    await field(page, 'USA Pickleball status').selectOption({ label: 'Approved' });
    await field(page, 'USA Pickleball list checked on').fill('2026-11-01');

    // gallery: two at once, alt text, the second moved to the front
    await field(page, 'Add images').setInputFiles([await pngUpload('front.png', '#1d4ed8'), await pngUpload('back.png', '#b91c1c')]);
    await expect(page.getByTestId('gallery-item-1')).toBeVisible();
    await field(page, 'Alt text of image 1').fill('Front face');
    await field(page, 'Alt text of image 2').fill('Back face');
    await page.getByRole('button', { name: 'Move image 2 up' }).click();
    await expect(field(page, 'Alt text of image 1')).toHaveValue('Back face');

    // axes: two thicknesses, two grips -> four combinations, none on sale yet
    for (const label of ['Core thickness 14 mm', 'Core thickness 16 mm', 'Grip size 4 1/4 in', 'Grip size 4 3/8 in'])
      await page.getByRole('checkbox', { name: label, exact: true }).click();
    await expect(page.getByText('0 of 4 combinations on sale')).toBeVisible();
    for (const combo of COMBOS) await page.getByRole('checkbox', { name: `Sell ${combo}`, exact: true }).click();
    await expect(page.getByText('3 of 4 combinations on sale')).toBeVisible();

    // bulk: every row gets a price and a stock, then one row its own
    await page.getByRole('checkbox', { name: 'Select all combinations' }).click();
    await field(page, 'Price for selected ($)').fill('199.99');
    await page.getByRole('button', { name: 'Set price' }).click();
    await field(page, 'Stock for selected').fill('5');
    await page.getByRole('button', { name: 'Set stock' }).click();
    await field(page, 'Price of 16 mm / 4 3/8 in').fill('209.99');
    for (const [index, combo] of COMBOS.entries()) await field(page, `SKU of ${combo}`).fill(`MX-${id}-${index}`.toUpperCase());
    await field(page, 'Image of 16 mm / 4 3/8 in').selectOption({ index: 2 });

    // spec sheet: a range, a choice, and a weight that differs for one variant
    await field(page, 'Static weight minimum (oz)').fill('7.7');
    await field(page, 'Static weight maximum (oz)').fill('8.1');
    await field(page, 'Shape').selectOption('Hybrid');
    await expectNoSeriousAxeViolations(page, 'product editor');
    await screenshotAdminPage(page, 'admin-product-editor');

    // the server's refusal lands on its row: a taken SKU
    await field(page, `SKU of ${COMBOS[0]}`).fill(`MX-${id}-1`.toUpperCase());
    await page.getByRole('button', { name: 'Save product' }).click();
    await expectToast(page, 'Failed to save product');
    await field(page, `SKU of ${COMBOS[0]}`).fill(`MX-${id}-0`.toUpperCase());

    await page.getByRole('button', { name: 'Save product' }).click();
    await expectToast(page, 'Product saved');
    await expect(page).toHaveURL(/\/admin\/products\/\d+\/edit$/);
    const productId = Number(/\/admin\/products\/(\d+)\/edit/.exec(page.url())![1]);

    // the storefront reads it: 3 variants, lowest price, summed stock, gallery order and alt texts
    const detail = (await (await api.get(`/api/products/${productId}`)).json()) as ProductDetail;
    expect(detail).toMatchObject({ name, price: '199.99', stock: 15, usapaStatus: 'approved', usapaCheckedOn: '2026-11-01', sku: null });
    // the product page's variants, gallery and spec values come with the pdp branch; until then the saved document says them
    const saved = (await (await api.get(`/api/admin/products/${productId}/document`)).json()) as SavedProductDocument;
    expect(saved.variants.map((variant) => [Object.values(variant.options).join(' / '), variant.price, variant.stock, variant.sku])).toEqual([
      [COMBOS[0], '199.99', 5, `MX-${id}-0`.toUpperCase()],
      [COMBOS[1], '199.99', 5, `MX-${id}-1`.toUpperCase()],
      [COMBOS[2], '209.99', 5, `MX-${id}-2`.toUpperCase()],
    ]);
    expect(saved.variants[2]!.image).toBe(1);
    expect(saved.images.map((image) => image.alt)).toEqual(['Back face', 'Front face']);
    expect(detail.imageUrl).toBe(saved.images[0]!.url);
    expect(saved.attributes).toEqual(
      expect.arrayContaining([
        { key: 'static_weight', value: { min: 7.7, max: 8.1 } },
        { key: 'shape', value: 'Hybrid' },
      ]),
    );
    if (detail.variants) expect(detail.variants).toHaveLength(3);

    // reopened, the editor shows what was saved
    await page.reload();
    await expect(field(page, `Price of ${COMBOS[2]}`)).toHaveValue('209.99');
    await expect(page.getByText('3 of 4 combinations on sale')).toBeVisible();

    // the products list: search and filters in the URL, kept over a reload
    await page.goto(`/admin?tab=products`);
    const listSearch = page.getByRole('search', { name: 'Search the products list' });
    await listSearch.getByRole('searchbox', { name: 'Search by name or SKU' }).fill(`MX-${id}-2`);
    await listSearch.getByRole('button', { name: 'Search' }).click();
    await field(page, 'Stock filter').selectOption('in');
    await expect(page).toHaveURL(new RegExp(`q=MX-${id}-2`, 'i'));
    await expect(page).toHaveURL(/stock=in/);
    await page.reload();
    const row = page.getByTestId(`product-row-${productId}`);
    await expect(row).toContainText('3 variants');
    await expect(row).toContainText('From $199.99');
    await field(page, 'Stock filter').selectOption('out');
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No products match these filters.')).toBeVisible();
    await field(page, 'Stock filter').selectOption('in');
    await expectNoSeriousAxeViolations(page, 'products list with filters');
    await screenshotAdminPage(page, 'admin-products-filtered');
    // a product with variants opens in the variant editor
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(`/admin/products/${productId}/edit`);

    // the types page: a field the product uses cannot be deleted
    await page.goto('/admin/product-types');
    await expect(page.getByRole('heading', { level: 1, name: 'Product types' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Static weight' }).click();
    // the refusal shows in the confirmation dialog (the toast region is hidden behind the modal)
    const dialog = page.getByRole('dialog', { name: 'Delete this spec field?' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/^Static weight is set on \d+ products?: .*Clear it there first\.$/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectNoSeriousAxeViolations(page, 'product types page');
    await screenshotAdminPage(page, 'admin-product-types');
  } finally {
    await api.dispose();
  }
});
