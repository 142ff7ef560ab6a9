import { expect, test } from './support/test.ts';
import { adminApi, createProductViaApi, expectToast, openAdminTab, runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { getBrands } from './support/shop-data.ts';

// The owner changes a price, opens the audit log, finds the entry and reads the price before → after (decision 053).

test('a price change is in the audit log with its before and after, and the log exports as CSV', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const id = runId();
  const name = `Audit Paddle ${id}`;
  const api = await adminApi(baseURL!);
  try {
    const [brand] = await getBrands(api);
    const product = await createProductViaApi(api, { name, price: '59.99', brandId: brand!.id, stock: 5 });

    await signInAsAdmin(page);
    await openAdminTab(page, 'products');
    await page
      .getByTestId(`product-row-${product.id}`)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    await page.getByLabel('Price ($)', { exact: true }).fill('54.99');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expectToast(page, 'Product updated');

    await page.goto('/admin');
    await page.getByRole('link', { name: /Audit Log/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await page.getByLabel('What').selectOption('product');
    await page.getByRole('searchbox', { name: 'Search the audit log' }).fill(String(product.id));
    await page.getByRole('searchbox', { name: 'Search the audit log' }).press('Enter');
    const entry = page
      .getByTestId('audit-entry')
      .filter({ hasText: `product #${product.id}` })
      .filter({ hasText: 'products.update' });
    await expect(entry).toHaveCount(1);
    await entry.locator('summary').click();
    const price = entry.getByTestId('audit-change').filter({ has: page.getByRole('rowheader', { name: 'price', exact: true }) });
    await expect(price).toContainText('59.99');
    await expect(price).toContainText('→ 54.99');
    await screenshotAdminPage(page, 'admin-audit-log');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    const csv = await readFile(file, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('occurred_at,actor,role,ip,method,route,action,entity,entity_id,status,changes,request,user_agent');
    expect(csv).toContain('price: 59.99 → 54.99');
  } finally {
    await api.dispose();
  }
});
