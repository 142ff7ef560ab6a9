import { expect, test } from './support/test.ts';
import { adminApi, openAdminTab, runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { getBrands, getProducts } from './support/shop-data.ts';

// The owner imports a product CSV: a file with one bad row is previewed with its row and column and
// writes nothing; the corrected file is written.

test('product CSV import: a bad row is shown with its row and column and nothing is written; the fixed file imports', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const id = runId();
  const api = await adminApi(baseURL!);
  const [brand] = await getBrands(api);
  const name = `Csv Grip ${id}`;
  const csv = (price: string) =>
    [
      'name,brand,type,sku,price,stock,option:color,spec:accessory_type',
      `"${name}","${brand!.name}",accessories,CSVG-${id}-B,4.99,10,Black,Grip`,
      `,,,CSVG-${id}-W,${price},10,White,Grip`,
    ].join('\n');

  await signInAsAdmin(page);
  await openAdminTab(page, 'products');
  const input = page.getByLabel('CSV file to import');
  await input.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('4.999')) });
  await page.getByRole('button', { name: 'Preview import' }).click();
  const result = page.getByTestId('csv-import-result');
  await expect(result).toContainText('1 problem');
  await expect(result.getByRole('row', { name: /3 price Price can have at most 2 decimal places/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await screenshotAdminPage(page, 'admin-product-csv-preview');
  expect((await getProducts(api, `?search=${encodeURIComponent(name)}`)).filter((product) => product.name === name)).toEqual([]);

  await input.setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('5.49')) });
  await page.getByRole('button', { name: 'Preview import' }).click();
  await expect(result).toContainText('Preview: 1 products, 2 variants: 1 new');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(result).toContainText('Imported: 1 products, 2 variants: 1 new');
  const created = (await getProducts(api, `?search=${encodeURIComponent(name)}`)).filter((product) => product.name === name);
  expect(created).toEqual([expect.objectContaining({ price: '4.99', stock: 20 })]);
  await api.dispose();
});
