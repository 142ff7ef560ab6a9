import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test.ts';
import { openAdminTab, placePaidOrder, runId, signInAsAdmin } from './support/admin.ts';
import { stockedProducts } from './support/checkout.ts';

// The Reports tab: charts drawn from the roll-ups, tables downloaded as CSV, at a phone's and a desktop's width.

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`the Reports tab draws its charts and downloads a table as CSV at ${viewport.width} px`, async ({ page, request, baseURL }) => {
    const [product] = await stockedProducts(request, 1);
    await placePaidOrder(baseURL!, { productId: product!.id, customerName: 'Report Buyer', customerEmail: `report-${runId()}@example.com` });
    await page.setViewportSize(viewport);
    await signInAsAdmin(page);
    await openAdminTab(page, 'reports');

    const chart = page.getByTestId('sales-chart');
    await expect(chart.locator('svg path.recharts-curve').first()).toBeAttached();
    await expect(page.getByTestId('top-chart').locator('svg path').first()).toBeAttached();
    await expect(page.getByRole('list', { name: 'Key figures' })).toContainText('Net sales');
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV of Sales', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^report-sales-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await file.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe(
      'Period,Orders,Units,Gross sales,Discounts,Refunds,Net sales,Tax,Shipping,Average order,New customers,Returning customers',
    );
    await page.screenshot({ path: test.info().outputPath(`reports-${viewport.width}.png`), fullPage: true });
  });
}
