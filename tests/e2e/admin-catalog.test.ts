import { expect, test, type Page } from './support/test.ts';
import type { Brand, Product } from '#common/schemas/catalog.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { adminApi, expectToast, openAdminTab, pngUpload, runId, signInAsAdmin, screenshotAdminPage } from './support/admin.ts';
import { getBrands, getProducts, soldAsOne } from './support/shop-data.ts';

// Brands and products tabs, rules, toasts; the shop shows what the admin made.

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('brands and products: create with images, find in the shop, edit, feature, delete', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const id = runId();
  const brandName = `Aurora Paddles ${id}`;
  const productName = `Aurora Carbon Pro ${id}`;
  const sku = `AUR-${id}`.toUpperCase();
  const api = await adminApi(baseURL!);
  const originallyFeatured = (await getBrands(request)).filter((brand) => brand.isFeatured).map((brand) => brand.id);

  try {
    await signInAsAdmin(page);
    await openAdminTab(page, 'brands');

    // ---- brand: rules, create with an image
    await page.getByRole('button', { name: 'Add Brand' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await field(page, 'Brand name').fill(brandName);
    await field(page, 'Description').fill('Hand-finished carbon paddles.');
    await expect(field(page, 'Brand image')).toHaveAttribute('accept', 'image/*');
    await field(page, 'Brand image').setInputFiles(await pngUpload('aurora.png', '#7c3aed'));
    await page.getByRole('button', { name: 'Add Brand' }).click();
    await expectToast(page, 'Brand created');
    const brand = (await getBrands(request)).find((candidate) => candidate.name === brandName) as Brand;
    expect(brand.imageUrl).toMatch(/^\/uploads\/aurora-paddles-[a-z0-9-]+\.webp$/);
    const brandRow = page.getByTestId(`brand-row-${brand.id}`);
    await expect(brandRow.getByRole('img', { name: brandName })).toHaveAttribute('src', /-thumb\.webp$/);
    await expect(field(page, 'Brand name')).toHaveValue('');

    // a duplicate name is refused by the server; the toast carries its message
    await field(page, 'Brand name').fill(brandName);
    await page.getByRole('button', { name: 'Add Brand' }).click();
    await expectToast(page, 'Failed to create brand', /already exists/);
    await field(page, 'Brand name').fill('');

    // ---- edit fills the form and scrolls up to it
    await brandRow.getByRole('button', { name: `Edit ${brandName}` }).click();
    await expect(page.getByRole('heading', { name: `Edit Brand: ${brandName}` })).toBeInViewport();
    await expect(field(page, 'Brand name')).toHaveValue(brandName);
    await field(page, 'Description').fill('Hand-finished carbon paddles, made in Oregon.');
    await page.getByRole('button', { name: 'Update Brand' }).click();
    await expectToast(page, 'Brand updated');
    await expect(brandRow).toContainText('made in Oregon');

    // ---- feature / unfeature and the limit of 4
    for (const featuredId of originallyFeatured.slice(3)) await api.patch(`/api/brands/${featuredId}/featured`, { data: { isFeatured: false } });
    await brandRow.getByRole('button', { name: `Feature ${brandName}` }).click();
    await expectToast(page, 'Brand featured');
    await expect(brandRow.getByText('Featured', { exact: true })).toBeVisible();
    const others = (await getBrands(request)).filter((candidate) => !candidate.isFeatured);
    for (const other of others) {
      if ((await getBrands(request)).filter((candidate) => candidate.isFeatured).length >= 4) break;
      expect((await api.patch(`/api/brands/${other.id}/featured`, { data: { isFeatured: true } })).ok()).toBe(true);
    }
    await page.reload();
    const notFeatured = (await getBrands(request)).find((candidate) => !candidate.isFeatured)!;
    await page
      .getByTestId(`brand-row-${notFeatured.id}`)
      .getByRole('button', { name: `Feature ${notFeatured.name}` })
      .click();
    await expectToast(page, 'Maximum featured brands reached', 'You can only have up to 4 featured brands.');

    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Featured Brands' }).getByText(brandName)).toBeVisible();

    await openAdminTab(page, 'brands');
    await expectNoSeriousAxeViolations(page, 'brands tab');
    await screenshotAdminPage(page, 'admin-brands');

    // ---- product: rules, create with every field and an image
    await openAdminTab(page, 'products');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Brand selection is required')).toBeVisible();
    await field(page, 'Product name').fill(productName);
    await field(page, 'Price ($)').fill('149.99');
    await field(page, 'Brand').selectOption({ label: brandName });
    await field(page, 'Stock').fill('7');
    await field(page, 'SKU (optional)').fill(sku);
    await field(page, 'Description').fill('Raw carbon face, foam core.');
    await field(page, 'Thickness').fill('16mm');
    await field(page, 'Color').fill('Violet');
    await field(page, 'Release date').fill('2025-03-01');
    await page.getByLabel('Featured product').check();
    await expect(field(page, 'Product image')).toHaveAttribute('accept', 'image/*');
    await field(page, 'Product image').setInputFiles(await pngUpload('aurora-pro.png', '#6d28d9'));
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expectToast(page, 'Product created');

    const product = (await getProducts(request)).find((candidate) => candidate.name === productName) as Product;
    expect(product).toMatchObject({ price: '149.99', stock: 7, sku, brandId: brand.id, thickness: '16mm', color: 'Violet', isFeatured: true });
    expect(product.releaseDate?.slice(0, 10)).toBe('2025-03-01');
    expect(product.imageUrl).toMatch(/^\/uploads\/[a-z0-9-]+\.webp$/);
    const productRow = page.getByTestId(`product-row-${product.id}`);
    await expect(productRow).toContainText('$149.99');
    await expect(productRow).toContainText('Stock: 7');
    await expect(productRow.getByRole('img', { name: productName })).toHaveAttribute('src', /-thumb\.webp$/);

    // the same SKU again: the server's refusal is the toast's description
    await field(page, 'Product name').fill(`${productName} copy`);
    await field(page, 'Price ($)').fill('99');
    await field(page, 'Brand').selectOption({ label: brandName });
    await field(page, 'SKU (optional)').fill(sku);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expectToast(page, 'Failed to create product', /SKU/i);
    await field(page, 'SKU (optional)').fill('');
    await field(page, 'Product name').fill('');

    // ---- the shop shows it, with its picture
    const productLink = page.locator(`main a[href="/products/${product.slug}"]`);
    await page.goto(`/shop?search=${encodeURIComponent(productName)}`);
    await expect(productLink.first()).toBeVisible();
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('heading', { name: productName })).toBeVisible();
    await expect(page.locator(`img[src*="${product.imageUrl!.replace('.webp', '')}"]`).first()).toBeVisible();
    await page.goto(`/brands/${brand.id}`);
    await expect(productLink.first()).toBeVisible();

    // ---- edit, unfeature
    await openAdminTab(page, 'products');
    await productRow.getByRole('button', { name: `Edit ${productName}` }).click();
    await expect(page.getByRole('heading', { name: `Edit Product: ${productName}` })).toBeInViewport();
    await expect(field(page, 'Price ($)')).toHaveValue('149.99');
    await expect(field(page, 'Release date')).toHaveValue('2025-03-01');
    await field(page, 'Price ($)').fill('139.99');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expectToast(page, 'Product updated');
    await expect(productRow).toContainText('$139.99');
    await productRow.getByRole('button', { name: `Unfeature ${productName}` }).click();
    await expectToast(page, 'Product unfeatured');
    await expect(productRow.getByRole('button', { name: `Feature ${productName}` })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'products tab');
    await screenshotAdminPage(page, 'admin-products');

    // ---- a brand with products cannot go
    await openAdminTab(page, 'brands');
    await brandRow.getByRole('button', { name: `Unfeature ${brandName}` }).click();
    await expectToast(page, 'Brand unfeatured');
    await brandRow.getByRole('button', { name: `Delete ${brandName}` }).click();
    const brandDialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this brand?' });
    await expect(brandDialog).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'delete brand dialog');
    await brandDialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Failed to delete brand', /still has 1 product/);

    // ---- delete the product, then the brand
    await openAdminTab(page, 'products');
    await productRow.getByRole('button', { name: `Delete ${productName}` }).click();
    const productDialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this product?' });
    await productDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(productRow).toBeVisible();
    await productRow.getByRole('button', { name: `Delete ${productName}` }).click();
    await productDialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Product deleted');
    await expect(productRow).toHaveCount(0);

    await openAdminTab(page, 'brands');
    await brandRow.getByRole('button', { name: `Delete ${brandName}` }).click();
    await brandDialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Brand deleted');
    await expect(brandRow).toHaveCount(0);
    await page.goto(`/shop?search=${encodeURIComponent(productName)}`);
    await expect(page.getByText(/No products found/i).first()).toBeVisible();
    await expect(productLink).toHaveCount(0);
  } finally {
    // the featured set as the demo had it, for the other journeys
    for (const candidate of await getBrands(request)) {
      const wanted = originallyFeatured.includes(candidate.id);
      if (candidate.isFeatured && !wanted) await api.patch(`/api/brands/${candidate.id}/featured`, { data: { isFeatured: false } });
    }
    for (const featuredId of originallyFeatured) await api.patch(`/api/brands/${featuredId}/featured`, { data: { isFeatured: true } });
    await api.dispose();
  }
});

test('product and brand failures use the spec texts', async ({ page }) => {
  await signInAsAdmin(page);
  await openAdminTab(page, 'products');
  // the simple product form edits a product sold as one variant; one with several opens the variant editor
  const first = (await getProducts(page.request)).find(soldAsOne)!;
  await page.route(`**/api/products/${first.id}`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Invalid product: price: Price is required' }) })
      : route.fallback(),
  );
  await page
    .getByTestId(`product-row-${first.id}`)
    .getByRole('button', { name: `Edit ${first.name}` })
    .click();
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expectToast(page, 'Failed to update product', 'Invalid product: price: Price is required');

  // creation failures list each issue's path and message
  await page.route('**/api/products', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            message: 'Invalid product',
            issues: [
              { path: 'price', message: 'Price is required' },
              { path: 'stock', message: 'Stock cannot be negative' },
            ],
          }),
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  await field(page, 'Product name').fill('Issue listing');
  await field(page, 'Price ($)').fill('10');
  await field(page, 'Brand').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expectToast(page, 'Failed to create product', 'price: Price is required; stock: Stock cannot be negative');

  await openAdminTab(page, 'brands');
  const brands = await getBrands(page.request);
  await page.route('**/api/brands/*/featured', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Lock timeout"}' }));
  const target = brands[0]!;
  await page
    .getByTestId(`brand-row-${target.id}`)
    .getByRole('button', { name: new RegExp(`^(Feature|Unfeature) ${target.name}$`) })
    .click();
  await expectToast(page, 'Failed to update brand featured status', 'Lock timeout');
  await page.route(`**/api/brands/${target.id}`, (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 409, contentType: 'application/json', body: '{"message":"Name taken"}' }) : route.fallback(),
  );
  await page
    .getByTestId(`brand-row-${target.id}`)
    .getByRole('button', { name: `Edit ${target.name}` })
    .click();
  await page.getByRole('button', { name: 'Update Brand' }).click();
  await expectToast(page, 'Failed to update brand', 'Name taken');
});
