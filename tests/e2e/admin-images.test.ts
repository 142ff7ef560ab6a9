import { randomBytes } from 'node:crypto';
import { expect, test } from './support/test.ts';
import type { BrokenImageList } from '#common/schemas/admin-images.ts';
import type { Product } from '#common/schemas/catalog.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { adminApi, createProductViaApi, expectToast, openAdminTab, runId, signInAsAdmin, writeOrphanUpload, screenshotAdminPage } from './support/admin.ts';
import { getBrands } from './support/shop-data.ts';

// Image-manager: broken images (id, name, imageUrl), potential matches, association;
// toasts. A "broken" product here has no image, and its picture is an upload file no record points at.

const hex = () => randomBytes(6).toString('hex');

test('fix broken images by hand and automatically', async ({ page, baseURL, request }) => {
  test.setTimeout(120_000);
  const id = runId();
  const api = await adminApi(baseURL!);
  const brandId = (await getBrands(request))[0]!.id;
  const created: Product[] = [];
  try {
    const zephyr = await createProductViaApi(api, { name: `Zephyr Recovery Paddle ${id}`, price: '89.00', brandId });
    created.push(zephyr);
    const zephyrFile = `zephyr-recovery-paddle-${id}-${hex()}.webp`;
    await writeOrphanUpload(baseURL!, zephyrFile, '#0ea5e9');

    await signInAsAdmin(page);
    await openAdminTab(page, 'image-manager');
    await expect(page.getByRole('heading', { name: 'Image Manager' })).toBeVisible();

    // ---- manual: scan, find matches, use one
    await page.getByRole('button', { name: 'Scan for Broken Images' }).click();
    const table = page.getByRole('table', { name: 'Products with a broken image' });
    const row = table.getByRole('row').filter({ hasText: zephyr.name });
    await expect(row).toContainText(String(zephyr.id));
    await expect(row).toContainText('(none)');
    await row.getByRole('button', { name: `Find images for ${zephyr.name}` }).click();
    const matches = page.getByRole('region', { name: `Potential matches for ${zephyr.name}` });
    await expect(matches.getByText(zephyrFile)).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'image manager with matches');
    await screenshotAdminPage(page, 'admin-image-manager');
    await matches.getByRole('listitem').filter({ hasText: zephyrFile }).getByRole('button', { name: 'Use this image' }).click();
    await expectToast(page, 'Image restored');
    await expect(table.getByRole('row').filter({ hasText: zephyr.name })).toHaveCount(0);
    const fixed = (await (await request.get(`/api/products/${zephyr.id}`)).json()) as Product;
    expect(fixed.imageUrl).toBe(`/uploads/${zephyrFile}`);
    await page.goto(`/products/${zephyr.id}`);
    await expect(page.locator(`img[src*="${zephyrFile.replace('.webp', '')}"]`).first()).toBeVisible();

    // ---- no file resembles this one
    const lonely = await createProductViaApi(api, { name: `Xylophone Nomatch ${id}`, price: '10.00', brandId });
    created.push(lonely);
    await openAdminTab(page, 'image-manager');
    await page.getByRole('button', { name: 'Scan for Broken Images' }).click();
    await table
      .getByRole('row')
      .filter({ hasText: lonely.name })
      .getByRole('button', { name: `Find images for ${lonely.name}` })
      .click();
    await expectToast(page, 'No potential image matches found');
    expect((await api.delete(`/api/products/${lonely.id}`)).ok()).toBe(true);
    created.pop();

    // ---- automatic: every broken product gets its best match; one toast with the counts
    const quasar = await createProductViaApi(api, { name: `Quasar Spin Racket ${id}`, price: '59.00', brandId });
    created.push(quasar);
    const quasarFile = `quasar-spin-racket-${id}-${hex()}.webp`;
    await writeOrphanUpload(baseURL!, quasarFile, '#f97316');
    const broken = ((await (await api.get('/api/image-manager/broken-images')).json()) as BrokenImageList).brokenImages;
    expect(broken.map((entry) => entry.id)).toContain(quasar.id);
    await page.getByRole('button', { name: 'Auto-Repair Images' }).click();
    await expectToast(page, 'Image recovery finished', /^\d+ restored, \d+ failed\.$/);
    await expect(page.getByText(/^Restored [1-9]\d*, failed \d+\.$/)).toBeVisible();
    const repaired = (await (await request.get(`/api/products/${quasar.id}`)).json()) as Product;
    expect(repaired.imageUrl).toBe(`/uploads/${quasarFile}`);
  } finally {
    for (const product of created) await api.delete(`/api/products/${product.id}`);
    await api.dispose();
  }
});

test('image manager failures use the spec texts', async ({ page }) => {
  await signInAsAdmin(page);
  await page.route('**/api/image-manager/broken-images', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Disk unavailable"}' }),
  );
  await openAdminTab(page, 'image-manager');
  await page.getByRole('button', { name: 'Scan for Broken Images' }).click();
  await expectToast(page, 'Failed to scan for broken images', 'Disk unavailable');
  await page.getByRole('button', { name: 'Auto-Repair Images' }).click();
  await expectToast(page, 'Error checking for broken images', 'Disk unavailable');
});
