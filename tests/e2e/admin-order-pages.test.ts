import { expect, test, type APIRequestContext } from './support/test.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { adminApi, openAdminTab, signInAsAdmin, screenshotAdminPage } from './support/admin.ts';

// Thousands of orders arrive 50 to a page: Previous / Next, "Page 2 of N", search and status filter
// (here through the unpaid checkouts the admin's payment test leaves).

const PAGE_SIZE = 50;

async function activePage(api: APIRequestContext, query: string): Promise<{ ids: number[]; total: number }> {
  const response = await api.get(`/api/orders/active?kind=unpaid&${query}`);
  expect(response.ok()).toBe(true);
  return { ids: ((await response.json()) as OrderView[]).map((order) => order.id), total: Number(response.headers()['x-total-count']) };
}

test('page through the active orders, find one by number and filter by status', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const api = await adminApi(baseURL!);
  try {
    // enough checkouts for two pages: admin test payments are real, unpaid orders that take no stock,
    // so they are listed under Show: Unpaid checkouts
    const { total: before } = await activePage(api, 'pageSize=1');
    for (let n = before; n < PAGE_SIZE + 5; n += 1) {
      const response = await api.post('/api/test-payment-flow', { data: { amount: 1 + n / 100 } });
      expect(response.ok(), await response.text()).toBe(true);
    }
    const first = await activePage(api, `page=1&pageSize=${PAGE_SIZE}`);
    const second = await activePage(api, `page=2&pageSize=${PAGE_SIZE}`);
    const pages = Math.ceil(first.total / PAGE_SIZE);
    expect(pages).toBeGreaterThanOrEqual(2);

    await signInAsAdmin(page);
    await openAdminTab(page, 'orders');
    await page.getByLabel('Show', { exact: true }).selectOption('unpaid');
    await expect(page).toHaveURL(/[?&]kind=unpaid(&|$)/);
    const pager = page.getByRole('navigation', { name: 'Active orders pages' });
    const cards = page.locator('[data-testid^="order-card-"]');
    await expect(pager.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await expect(page.getByTestId('order-count')).toHaveText(`${first.total} order(s)`);
    await expect(cards).toHaveCount(PAGE_SIZE);
    await expect(cards.first()).toHaveAttribute('data-testid', `order-card-${first.ids[0]}`);
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

    // the keyboard reaches the pager: Next with Enter
    await pager.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await expect(pager.getByText(`Page 2 of ${pages}`)).toBeVisible();
    await expect(cards.first()).toHaveAttribute('data-testid', `order-card-${second.ids[0]}`);
    await expect(cards).toHaveCount(second.ids.length);
    await screenshotAdminPage(page, 'admin-orders-page-2');
    // the page is in the URL: a reload (or a shared link) shows the same page
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await page.reload();
    await expect(pager.getByText(`Page 2 of ${pages}`)).toBeVisible();
    await expect(cards.first()).toHaveAttribute('data-testid', `order-card-${second.ids[0]}`);

    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.getByText(`Page 1 of ${pages}`)).toBeVisible();

    // an order from page 2 found by its number
    const wanted = second.ids[0]!;
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(`#${wanted}`);
    await page.getByRole('searchbox', { name: 'Search orders' }).press('Enter');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('data-testid', `order-card-${wanted}`);
    await expect(page.getByTestId('order-count')).toHaveText('1 order(s)');
    await expect(pager).toHaveCount(0);

    // the status filter, with the search cleared
    await page.getByRole('searchbox', { name: 'Search orders' }).fill('');
    await page.getByRole('search', { name: 'Search orders' }).getByRole('button', { name: 'Search' }).click();
    await page.getByLabel('Status', { exact: true }).selectOption('pending');
    const pending = await activePage(api, `status=pending&pageSize=${PAGE_SIZE}`);
    await expect(page.getByTestId('order-count')).toHaveText(`${pending.total} order(s)`);
    await expect(cards.first()).toHaveAttribute('data-testid', `order-card-${pending.ids[0]}`);
    await expectNoSeriousAxeViolations(page, 'orders tab with filters');
  } finally {
    await api.dispose();
  }
});
