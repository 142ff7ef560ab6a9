import { expect, test } from '@playwright/test';
import type { ProductTypeCatalog } from '#common/schemas/admin-product-types.ts';
import type { SavedProductDocument } from '#common/schemas/product-document.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { adminApi, expectToast, runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { getBrands } from './support/shop-data.ts';

// The owner renames a shared option value on the product types page and the product page shows the new
// label; a value a product on sale sells cannot be deleted, and the dialog says which product.

test('as the owner: rename and reorder a shared option value, see it on the product page; a used value stays', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const id = runId();
  const [ocean, sand, deep] = [`Ocean ${id}`, `Sand ${id}`, `Deep ocean ${id}`];
  const name = `Colourway ${id}`;
  const api = await adminApi(baseURL!);
  try {
    const [brand] = await getBrands(api);
    const types = (await (await api.get('/api/admin/product-types')).json()) as ProductTypeCatalog;
    const paddles = types.types.find((type) => type.slug === 'paddles')!;
    const created = await api.post('/api/admin/products/document', {
      data: {
        name,
        brandId: brand!.id,
        productTypeId: paddles.id,
        variants: [
          { sku: `CW-${id}-1`, price: '120.00', stock: 4, options: { color: ocean } },
          { sku: `CW-${id}-2`, price: '120.00', stock: 4, options: { color: sand } },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const product = (await created.json()) as SavedProductDocument;

    await signInAsAdmin(page);
    await page.goto('/admin/product-types');
    await expect(page.getByRole('heading', { level: 1, name: 'Product types' })).toBeVisible();
    const colours = page.getByRole('list', { name: "Values of Color, in the shop's order" });
    await expect(colours.getByText(ocean, { exact: true })).toBeVisible();

    // rename, from the keyboard: the form takes focus, Enter saves
    await page.getByRole('button', { name: `Rename Color ${ocean}`, exact: true }).click();
    const label = page.getByLabel(`New label of Color ${ocean}`, { exact: true });
    await expect(label).toBeFocused();
    await label.fill(deep);
    await label.press('Enter');
    await expectToast(page, 'Option value renamed');
    await expect(colours.getByText(deep, { exact: true })).toBeVisible();

    // reorder: the renamed value moves below its neighbour
    const labels = () => colours.getByRole('listitem').allInnerTexts();
    const before = (await labels()).findIndex((text) => text.startsWith(deep));
    await page.getByRole('button', { name: `Move Color ${deep} down`, exact: true }).click();
    await expectToast(page, 'Option values reordered');
    await expect.poll(async () => (await labels()).findIndex((text) => text.startsWith(deep))).toBe(before + 1);

    // a value a product on sale sells: confirmed, refused, and the dialog says where
    await page.getByRole('button', { name: `Delete Color ${deep}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this option value?' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(`Color ${deep} cannot be deleted: the variants of 1 product: ${name} use it`);
    await expectNoSeriousAxeViolations(page, 'product types page, delete refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expectNoSeriousAxeViolations(page, 'product types page');
    await screenshotAdminPage(page, 'admin-product-types-axes');

    // the product page shows the new label
    await page.goto(`/products/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const picker = page.getByRole('group', { name: /Color/ });
    await expect(picker.getByRole('button', { name: deep })).toBeVisible();
    await expect(picker.getByRole('button', { name: ocean, exact: true })).toHaveCount(0);
  } finally {
    await api.dispose();
  }
});
