import { expect, test, type APIRequestContext } from './support/test.ts';
import type { OutboxEmail } from '#common/schemas/admin-outbox.ts';
import { adminApi, createProductViaApi, runId } from './support/admin.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { screenshotPage } from './support/screenshots.ts';
import { getBrands } from './support/shop-data.ts';

// A shopper asks to hear when a sold-out paddle is back, confirms by e-mail, the owner restocks it:
// exactly one e-mail, and none more after unsubscribing. E-mails are read from the admin outbox.

async function emailsTo(api: APIRequestContext, to: string, kind: string): Promise<OutboxEmail[]> {
  const response = await api.get(`/api/admin/emails?q=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as OutboxEmail[]).filter((email) => email.kind === kind);
}
const linkIn = (text: string, path: string) => new URL(new RegExp(`(https?://\\S+${path}\\S+)`).exec(text)![1]!);
const setStock = async (api: APIRequestContext, id: number, stock: number, stockWas: number) => {
  const response = await api.patch(`/api/products/${id}`, { multipart: { stock: String(stock), stockWas: String(stockWas) } });
  expect(response.status(), await response.text()).toBe(200);
};

test('a shopper subscribes to a sold-out paddle, confirms, gets one e-mail on restock and none after unsubscribing', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const id = runId();
  const name = `Waitlist Paddle ${id}`;
  const email = `waiting-${id}@example.com`;
  const api = await adminApi(baseURL!);
  try {
    const [brand] = await getBrands(api);
    const product = await createProductViaApi(api, { name, price: '149.99', brandId: brand!.id, stock: 0 });

    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('button', { name: 'Notify me' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshotPage(page, 'notify-me');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your inbox: confirm the alert with the link we sent you.' })).toBeVisible();

    const [confirmation] = await emailsTo(api, email, 'stock-alert-confirm');
    const confirmLink = linkIn(confirmation!.text, '/api/stock-alerts/confirm');
    await page.goto(confirmLink.pathname + confirmLink.search);
    await expect(page.getByText("Your alert is confirmed. We'll e-mail you once when it's back in stock.")).toBeVisible();
    expect(await emailsTo(api, email, 'back-in-stock')).toEqual([]);

    await setStock(api, product.id, 3, 0);
    const alerts = await emailsTo(api, email, 'back-in-stock');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain(`/products/${product.id}?variant=`);

    // the e-mail's unsubscribe link opens a page with one button
    const unsubscribe = linkIn(alerts[0]!.text, '/api/stock-alerts/unsubscribe');
    await page.goto(unsubscribe.pathname + unsubscribe.search);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();

    // sold out and restocked again: still the one e-mail
    await setStock(api, product.id, 0, 3);
    await setStock(api, product.id, 5, 0);
    expect(await emailsTo(api, email, 'back-in-stock')).toHaveLength(1);
  } finally {
    await api.dispose();
  }
});
