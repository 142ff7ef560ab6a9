import { expect, request as playwrightRequest, test, type Page } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { openAdminTab, placePaidOrder, runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { getProducts } from './support/shop-data.ts';

// Issue 13: the orders, users and e-mail lists search and filter on the server (status, dates, role,
// consent), and the filters live in the URL, so a reload or a shared link shows the same list.

/** Today in the browser's own time zone, as a date field writes it. */
const todayHere = (page: Page) => page.evaluate(() => new Date().toLocaleDateString('en-CA'));
const dayAfter = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

test('orders: search, status and date range in the URL, kept on reload, cleared at once', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const id = runId();
  const product = (await getProducts(page.request)).find((candidate) => candidate.stock >= 5)!;
  const customer = `Filter Fan ${id}`;
  const orderIds = [];
  for (const n of [1, 2])
    orderIds.push(await placePaidOrder(baseURL!, { productId: product.id, customerName: customer, customerEmail: `fan${n}-${id}@example.com` }));

  await signInAsAdmin(page);
  // a link with a search opens the list already searched
  await page.goto(`/admin?tab=orders&q=${encodeURIComponent(customer)}`);
  const cards = page.locator('[data-testid^="order-card-"]');
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(customer);
  await expect(page.getByTestId('order-count')).toHaveText('2 order(s)');

  await page.getByLabel('Status', { exact: true }).selectOption('cancelled');
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(page.getByText('No orders match this search.')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('');
  await expect(cards).toHaveCount(2);

  const today = await todayHere(page);
  const search = page.getByRole('search', { name: 'Search orders' });
  await search.getByLabel('From').fill(dayAfter(today));
  await expect(page).toHaveURL(new RegExp(`from=${dayAfter(today)}`));
  await expect(page.getByText('No orders match this search.')).toBeVisible();
  await page.reload();
  await expect(search.getByLabel('From')).toHaveValue(dayAfter(today));
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(customer);
  await expect(page.getByText('No orders match this search.')).toBeVisible();

  await search.getByLabel('From').fill(today);
  await search.getByLabel('To').fill(today);
  await expect(cards).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}|to=${today}.*from=${today}`));
  await expectNoSeriousAxeViolations(page, 'orders tab with a date range');
  await screenshotAdminPage(page, 'admin-orders-filters');

  await search.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=orders$/);
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
  await expect(search.getByLabel('From')).toHaveValue('');
  await expect(search.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);

  // an unknown status in the address bar is ignored rather than sent
  await page.goto(`/admin?tab=orders&status=lost&q=${encodeURIComponent(customer)}`);
  await expect(cards).toHaveCount(2);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('');
});

test('e-mails: search by recipient, filter by status and date, in the URL', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const id = runId();
  const product = (await getProducts(page.request)).find((candidate) => candidate.stock >= 5)!;
  const email = `outbox-${id}@example.com`;
  await placePaidOrder(baseURL!, { productId: product.id, customerName: `Outbox Reader ${id}`, customerEmail: email });

  await signInAsAdmin(page);
  await openAdminTab(page, 'emails');
  const search = page.getByRole('search', { name: 'Search e-mails' });
  await search.getByRole('searchbox').fill(email.toUpperCase());
  await search.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/[?&]q=OUTBOX-/);
  const messages = page.getByRole('listitem').filter({ hasText: `To ${email}` });
  await expect(messages.first()).toBeVisible();
  const count = await messages.count();
  await expect(page.getByTestId('email-count')).toHaveText(`${count} e-mail(s) match`);

  // without SMTP the e2e shop stores its mail: none failed
  await search.getByLabel('Status').selectOption('failed');
  await expect(page.getByText('No e-mails match these filters.')).toBeVisible();
  await search.getByLabel('Status').selectOption('stored');
  await expect(messages).toHaveCount(count);

  const today = await todayHere(page);
  await search.getByLabel('To').fill(today);
  await expect(messages).toHaveCount(count);
  await search.getByLabel('From').fill(dayAfter(today));
  // the To field now allows nothing before From; the server says the same if asked
  await expect(page.getByRole('alert')).toContainText('to must not be before from');
  await search.getByLabel('From').fill(today);
  await expect(messages).toHaveCount(count);

  await page.reload();
  await expect(page.getByRole('search', { name: 'Search e-mails' }).getByRole('searchbox')).toHaveValue(email.toUpperCase());
  await expect(page.getByRole('search', { name: 'Search e-mails' }).getByLabel('Status')).toHaveValue('stored');
  await expect(messages).toHaveCount(count);
  await expectNoSeriousAxeViolations(page, 'e-mails tab with filters');
  await screenshotAdminPage(page, 'admin-emails-filters');
});

test('users: role and marketing consent filters in the URL', async ({ page, baseURL }) => {
  const id = runId();
  const origin = new URL(baseURL!).origin;
  for (const [name, marketingConsent] of [
    [`optin${id}`, true],
    [`optout${id}`, false],
  ] as const) {
    const shopper = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: origin } });
    const response = await shopper.post('/api/register', {
      data: { username: name, password: 'consent-court-2025', email: `${name}@example.com`, marketingConsent },
    });
    expect(response.status(), await response.text()).toBe(201);
    await shopper.dispose();
  }

  await signInAsAdmin(page);
  await page.goto(`/admin?tab=users&consent=yes&q=${id}`);
  await expect(page.getByLabel('Marketing e-mail')).toHaveValue('yes');
  await expect(page.getByTestId(`user-row-optin${id}`)).toBeVisible();
  await expect(page.getByTestId(`user-row-optout${id}`)).toHaveCount(0);
  await expect(page.getByTestId('user-matches')).toHaveText(`1 user(s) match “${id}”`);

  await page.getByLabel('Marketing e-mail').selectOption('no');
  await expect(page).toHaveURL(/consent=no/);
  await expect(page.getByTestId(`user-row-optout${id}`)).toBeVisible();
  await expect(page.getByTestId(`user-row-optin${id}`)).toHaveCount(0);

  await page.getByLabel('Role').selectOption('admin');
  await expect(page).toHaveURL(/role=admin/);
  await expect(page.getByTestId(/^user-row-/)).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Role')).toHaveValue('admin');
  await expectNoSeriousAxeViolations(page, 'users tab with filters');
  await screenshotAdminPage(page, 'admin-users-filters');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=users$/);
});

test('a page past the end of a list goes back to its last page', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin?tab=users&page=9999');
  await expect(page.getByTestId(/^user-row-/).first()).toBeVisible();
  await expect(page).not.toHaveURL(/page=9999/);
});
