import { expect, test, type Page } from './support/test.ts';
import type { SiteSettings } from '#common/schemas/content.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { adminApi, expectToast, openAdminTab, pngUpload, runId, signInAsAdmin, screenshotAdminPage } from './support/admin.ts';

// Site-settings, contact, policies and payment-settings tabs; settings rules; toasts.

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

let original: SiteSettings;

test.beforeAll(async ({ request }) => {
  original = (await (await request.get('/api/site-settings')).json()) as SiteSettings;
});

// put the shop's look back for the other journeys (only non-empty fields can be sent, as the form does)
test.afterAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!);
  const keep = ['siteTitle', 'heroTitle', 'featuresTitle', 'primaryColor', 'taxRate'] as const;
  const multipart = Object.fromEntries(keep.filter((key) => original[key]).map((key) => [key, original[key]!]));
  const response = await api.post('/api/site-settings', { multipart });
  expect(response.ok(), await response.text()).toBe(true);
  await api.dispose();
});

test('site settings: rules shown inline, saved as multipart, storefront changes at once', async ({ page }) => {
  const id = runId();
  const siteTitle = `Dink Depot ${id}`;
  const heroTitle = `Play more pickleball ${id}`;
  const featuresTitle = `Why players pick us ${id}`;
  await signInAsAdmin(page);
  await openAdminTab(page, 'site-settings');
  await expect(field(page, 'Site title')).toHaveValue(original.siteTitle ?? '');

  // every editable settings field is on the form
  for (const label of [
    'Site title',
    'Hero title',
    'Hero description',
    'Features title',
    'Feature 1 title',
    'Feature 1 description',
    'Feature 2 title',
    'Feature 2 description',
    'Feature 3 title',
    'Feature 3 description',
    'Tax rate (%)',
    'Shipping cost ($)',
    'Free shipping threshold ($)',
    'Fulfillment email',
    'Auth page title',
    'Auth page card title',
    'Auth page hero title',
    'Auth page hero description',
    'Hero image',
  ]) {
    await expect(field(page, label), label).toBeVisible();
  }
  for (const colour of ['Primary color', 'Header color', 'Body color', 'Footer color']) {
    await expect(page.getByLabel(`${colour} picker`)).toHaveAttribute('type', 'color');
    await expect(field(page, colour)).toBeVisible();
  }
  await expect(field(page, 'Hero image')).toHaveAttribute('accept', 'image/*');

  // taxRate 0 to 100, shippingCost >= 0, a valid e-mail; nothing is sent while they are wrong
  let posted = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/site-settings') posted += 1;
  });
  await field(page, 'Tax rate (%)').fill('150');
  await field(page, 'Shipping cost ($)').fill('-1');
  await field(page, 'Fulfillment email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Tax rate must be between 0 and 100')).toBeVisible();
  await expect(page.getByText('Shipping cost cannot be negative')).toBeVisible();
  await expect(page.getByText('Fulfillment email must be a valid email address')).toBeVisible();
  expect(posted).toBe(0);
  await expectNoSeriousAxeViolations(page, 'site settings with errors');

  await field(page, 'Tax rate (%)').fill('8.25');
  await field(page, 'Shipping cost ($)').fill(original.shippingCost ?? '5.99');
  await field(page, 'Fulfillment email').fill(original.fulfillmentEmail ?? 'orders@example.com');
  await field(page, 'Site title').fill(siteTitle);
  await field(page, 'Hero title').fill(heroTitle);
  await field(page, 'Features title').fill(featuresTitle);
  // the hex text and the picker edit the same value
  await field(page, 'Primary color').fill('#0F766E');
  await expect(page.getByLabel('Primary color picker')).toHaveValue('#0f766e');
  await field(page, 'Hero image').setInputFiles(await pngUpload('hero.png', '#0f766e'));

  const saved = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/site-settings');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  // a file rides along, so the body is multipart (Playwright does not expose file bodies)
  expect((await saved).headers()['content-type']).toMatch(/^multipart\/form-data/);
  await expectToast(page, 'Site settings updated');

  // the navigation bar reads the same query: it changes without a reload
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText(siteTitle)).toBeVisible();
  const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
  expect(primary).toBe('#0f766e');

  const settings = (await (await page.request.get('/api/site-settings')).json()) as SiteSettings;
  expect(settings).toMatchObject({ siteTitle, heroTitle, featuresTitle, primaryColor: '#0f766e', taxRate: '8.25' });
  expect(settings.heroImageUrl).toMatch(/^\/uploads\/[a-z0-9-]+\.webp$/);
  expect(settings.heroImageUrl).not.toBe(original.heroImageUrl);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: siteTitle }).click();
  // the hero title and image show above the featured carousel
  await expect(page.getByRole('heading', { level: 1, name: siteTitle })).toBeAttached();
  await expect(page.getByRole('region', { name: 'Welcome' }).getByRole('heading', { name: heroTitle })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Welcome' }).locator(`img[src="${settings.heroImageUrl}"]`)).toBeVisible();
  await expect(page.getByRole('heading', { name: featuresTitle })).toBeVisible();
  await expect(page).toHaveTitle(siteTitle);
  await screenshotAdminPage(page, 'admin-settings-storefront');

  await openAdminTab(page, 'site-settings');
  await expectNoSeriousAxeViolations(page, 'site settings');
  await screenshotAdminPage(page, 'admin-site-settings');
});

test('site settings: a failed save shows "Failed to update site settings" with the reason', async ({ page }) => {
  await signInAsAdmin(page);
  await openAdminTab(page, 'site-settings');
  await page.route('**/api/site-settings', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Database unavailable' }) })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expectToast(page, 'Failed to update site settings', 'Database unavailable');
});

test('contact tab saves the contact page details', async ({ page }) => {
  const phone = `(512) 555-${String(Date.now()).slice(-4)}`;
  await signInAsAdmin(page);
  await openAdminTab(page, 'contact');
  await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
  await field(page, 'Facebook URL').fill('not a url');
  await page.getByRole('button', { name: 'Save Contact Information' }).click();
  await expect(page.getByText('Facebook must be an http(s) URL')).toBeVisible();
  await field(page, 'Facebook URL').fill('https://facebook.com/pickleball-shop');
  await field(page, 'Phone').fill(phone);
  await page.getByRole('button', { name: 'Save Contact Information' }).click();
  await expectToast(page, 'Contact information updated');
  await expectNoSeriousAxeViolations(page, 'contact tab');
  await screenshotAdminPage(page, 'admin-contact');

  await page.goto('/contact');
  await expect(page.getByText(phone)).toBeVisible();
});

test('policies tab: default titles, Save Policies, shown on the policies page', async ({ page, request }) => {
  const text = `Returns are accepted within 30 days (${runId()}).`;
  await signInAsAdmin(page);
  await openAdminTab(page, 'policies');
  await expect(page.getByRole('heading', { name: 'Policies' })).toBeVisible();
  const current = await (await request.get('/api/policies')).json();
  // An empty title shows its default
  const defaults = ['Privacy Policy', 'Terms and Conditions', 'Shipping & Returns'];
  for (const n of [1, 2, 3]) {
    await expect(field(page, `Section ${n} title`)).toHaveValue(current[`title${n}`] || defaults[n - 1]!);
  }
  await field(page, 'Section 3 title').fill('Shipping & Returns');
  await field(page, 'Section 3 content').fill(text);
  await page.getByRole('button', { name: 'Save Policies' }).click();
  await expectToast(page, 'Policies updated');
  await expectNoSeriousAxeViolations(page, 'policies tab');
  await screenshotAdminPage(page, 'admin-policies');

  await page.route('**/api/policies', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Invalid policies' }) })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Save Policies' }).click();
  await expectToast(page, 'Failed to update policies', 'Invalid policies');
  await page.unroute('**/api/policies');

  await page.goto('/policies');
  await expect(page.getByText(text)).toBeVisible();
});

test('payment settings tab shows the mode and re-checks with a fresh timestamp', async ({ page }) => {
  await signInAsAdmin(page);
  const checks: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/stripe-mode-check') checks.push(url.search);
  });
  await openAdminTab(page, 'payment-settings');
  await expect(page.getByRole('heading', { name: 'Payment Settings' })).toBeVisible();
  // the e2e server runs the built-in card simulator, which is test mode
  await expect(page.getByTestId('payment-mode')).toContainText('TEST');
  await expect(page.getByTestId('payment-mode')).toContainText('No real charges are made');
  expect(checks[0]).toMatch(/^\?t=\d+$/);
  await expectNoSeriousAxeViolations(page, 'payment settings tab');
  await screenshotAdminPage(page, 'admin-payment-settings');

  // It checks again when the window regains focus
  const before = checks.length;
  // TanStack Query's focus manager listens for visibilitychange on window
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect.poll(() => checks.length).toBeGreaterThan(before);
  expect(new Set(checks).size).toBe(checks.length);

  // a failing check says so
  await page.route('**/api/stripe-mode-check*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Stripe unreachable"}' }),
  );
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error checking Stripe mode' })).toBeVisible();
});
