import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import type { Product } from '#common/schemas/catalog.ts';
import { adminApi, createProductViaApi, expectToast, openAdminTab, placePaidOrder, runId, signInAsAdmin, screenshotAdminPage } from './support/admin.ts';
import { getBrands } from './support/shop-data.ts';

// A sale while the product form is open: a stock edit made on the old figure is refused, and a save
// that leaves stock alone keeps the sold-down stock.

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function productNow(api: APIRequestContext, id: number): Promise<Product> {
  const response = await api.get(`/api/products/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product;
}

test('a sale under an open product form: a stale stock save is refused, other edits keep the sold-down stock', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const id = runId();
  const name = `Stockwatch Paddle ${id}`;
  const api = await adminApi(baseURL!);
  try {
    const [brand] = await getBrands(api);
    const product = await createProductViaApi(api, { name, price: '59.99', brandId: brand!.id, stock: 10 });

    await signInAsAdmin(page);
    await openAdminTab(page, 'products');
    const row = page.getByTestId(`product-row-${product.id}`);
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(field(page, 'Stock')).toHaveValue('10');

    // a shopper buys one while the form is open
    await placePaidOrder(baseURL!, { productId: product.id, customerName: `Sam Buyer ${id}`, customerEmail: `sam-${id}@example.com` });
    expect((await productNow(api, product.id)).stock).toBe(9);

    await field(page, 'Stock').fill('25');
    await page.getByRole('button', { name: 'Update Product' }).click();
    const message = `Stock of ${name} changed to 9 since you opened this form (a sale or another edit). Nothing was saved: reload to see it, then save again.`;
    await expectToast(page, 'Failed to update product', message);
    await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    await screenshotAdminPage(page, 'admin-stock-conflict');
    expect((await productNow(api, product.id)).stock).toBe(9);
    // the list shows the current figure
    await expect(row).toContainText('Stock: 9');

    // reopened on the current figure, another sale happens, and a rename leaves stock to the sales
    await page.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(field(page, 'Stock')).toHaveValue('9');
    await placePaidOrder(baseURL!, { productId: product.id, customerName: `Sam Buyer ${id}`, customerEmail: `sam-${id}@example.com` });
    await field(page, 'Product name').fill(`${name} II`);
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expectToast(page, 'Product updated');
    const saved = await productNow(api, product.id);
    expect(saved).toMatchObject({ name: `${name} II`, stock: 8 });
  } finally {
    await api.dispose();
  }
});
