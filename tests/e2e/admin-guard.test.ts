import { expect, test } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { openAdminTab, registerShopper, runId, signInAsAdmin, screenshotAdminPage } from './support/admin.ts';

// Admin routes are for admins; everyone else is sent to /auth.

const ADMIN_ROUTES = ['/admin', '/admin/archived-orders', '/admin?tab=users'];

test('anonymous visitors of admin routes land on /auth', async ({ page }) => {
  for (const route of ADMIN_ROUTES) {
    await page.goto(route);
    await expect(page).toHaveURL(new RegExp(`/auth\\?returnTo=${encodeURIComponent(route)}$`));
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  }
});

test('a signed-in shopper is turned away from admin routes and gets no Admin link', async ({ page }) => {
  const username = `guard${runId()}`;
  await registerShopper(page.request, { username, password: 'not-an-admin-2025', email: `${username}@example.com` });

  const adminCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/api\/(users|coupons|orders\/(active|archived)|admin\/)/.test(url.pathname)) adminCalls.push(url.pathname);
  });

  for (const route of ADMIN_ROUTES) {
    await page.goto(route);
    // the guard sends them to /auth, and /auth sends a signed-in visitor on to /
    await expect(page).toHaveURL(/\/(auth)?$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  }
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  expect(adminCalls, 'no admin data is requested for a shopper').toEqual([]);

  // and the server refuses the admin API itself (403)
  expect((await page.request.get('/api/users')).status()).toBe(403);
});

test('the admin reaches the dashboard from the navigation bar; shortcuts and tabs in order', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle(/^Admin Dashboard \| /);

  const shortcuts = page.getByRole('navigation', { name: 'Admin shortcuts' });
  await expect(shortcuts.getByRole('link', { name: /Payment Testing/ })).toHaveAttribute('href', '/payment-test');
  const stripe = shortcuts.getByRole('link', { name: /Stripe Dashboard/ });
  await expect(stripe).toHaveAttribute('href', 'https://dashboard.stripe.com');
  await expect(stripe).toHaveAttribute('target', '_blank');
  await expect(stripe).toHaveAttribute('rel', /noopener/);
  await expect(shortcuts.getByRole('link', { name: /Payment Settings/ })).toHaveAttribute('href', '/stripe-status');
  await expect(shortcuts.getByRole('link', { name: /Reviews/ })).toHaveAttribute('href', '/admin/reviews');
  await expect(shortcuts.getByRole('link', { name: /Paddle Finder/ })).toHaveAttribute('href', '/admin/paddle-finder');

  // the specification's eleven tabs in its order, Emails last; Shipping, Staff and Reports joined them (decisions 049, 051, 052)
  await expect(page.getByRole('tab')).toHaveText([
    'Site Settings',
    'Brands',
    'Products',
    'Image Manager',
    'Orders',
    'Payment Settings',
    'Contact',
    'Coupons',
    'Shipping',
    'Policies',
    'Users',
    'Staff',
    'Reports',
    'Emails',
  ]);
  await expect(page.getByRole('tab', { name: 'Site Settings' })).toHaveAttribute('aria-selected', 'true');

  // the open tab lives in the URL, so reloading or sharing the link keeps it
  await page.getByRole('tab', { name: 'Coupons' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=coupons$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Coupons' })).toHaveAttribute('aria-selected', 'true');
  await openAdminTab(page, 'no-such-tab');
  await expect(page.getByRole('tab', { name: 'Site Settings' })).toHaveAttribute('aria-selected', 'true');

  await openAdminTab(page, 'site-settings');
  await expectNoSeriousAxeViolations(page, 'admin dashboard');
  await screenshotAdminPage(page, 'admin-dashboard');
});

test('on a phone the tab strip scrolls sideways instead of widening the page', async ({ page }) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdminTab(page, 'users');
  // wide content (the users table) scrolls inside its card, never the page
  await expect(page.getByRole('table', { name: 'Registered users' })).toBeVisible();
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(390);
  const strip = page.getByRole('tablist', { name: 'Admin sections' });
  const scrollable = await strip.evaluate((list) => {
    const box = list.parentElement!;
    return box.scrollWidth > box.clientWidth && getComputedStyle(box).overflowX === 'auto';
  });
  expect(scrollable).toBe(true);
  await page.getByRole('tab', { name: 'Emails' }).click();
  await expect(page.getByRole('tab', { name: 'Emails' })).toBeInViewport();
});
