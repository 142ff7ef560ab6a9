import { expect, test } from './support/test.ts';
import { runId } from './support/admin.ts';

// The header's search and the footer's newsletter form load their interactive code on first focus or press
// (the home page's JavaScript budget): nothing typed in the meantime is lost, the combobox's keys work from
// the first keystroke, and without scripts both are plain forms the server answers.

test.use({ viewport: { width: 1280, height: 900 } });

test('typing straight after focusing the search box keeps every keystroke and offers suggestions', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(
    scripts.filter((script) => /search-combobox|newsletter-signup/.test(script)),
    'nothing interactive loaded before a focus',
  ).toEqual([]);

  const box = page.getByRole('navigation', { name: 'Main' }).getByRole('combobox', { name: 'Search products' });
  await box.focus();
  // no wait for the code: the keys go to the box the shopper sees
  await page.keyboard.type('padle');
  await expect(box).toHaveValue('padle');
  await expect(box).toBeFocused();
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(list.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  expect(scripts.some((script) => script.includes('search-combobox'))).toBe(true);
});

test('Enter pressed before the search code arrives searches in the page, and a blank search stays put', async ({ page }) => {
  // the combobox's code held back, as on a slow line: the plain box is the one the shopper types in
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/search-combobox-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  // a page load (the HTML form's submit) would lose this mark
  await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));
  const box = page.getByRole('navigation', { name: 'Main' }).getByRole('combobox', { name: 'Search products' });
  await box.fill('   ');
  await box.press('Enter');
  await box.fill('  paddle  ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/shop\?search=paddle$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for "paddle"');
  expect(await page.evaluate(() => 'e2eSamePage' in window), 'no page load').toBe(true);

  release();
  await box.focus();
  await page.keyboard.press('End');
  await page.keyboard.type(' ball');
  await expect(box).toHaveValue('paddle ball');
  await expect(page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first()).toBeVisible();
});

test('the newsletter form keeps the address typed while its code arrives', async ({ page }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.scrollIntoViewIfNeeded();
  const field = form.getByRole('textbox', { name: 'Newsletter' });
  await field.focus();
  await page.keyboard.type(`fast-${runId()}@example.com`);
  await expect(form.getByRole('textbox', { name: 'Newsletter' })).toHaveValue(/^fast-.+@example\.com$/);
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thanks! Check your e-mail' })).toBeVisible();
});

test('without JavaScript the newsletter form posts and the server answers with a page', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Newsletter' });
    await form.getByRole('textbox', { name: 'Newsletter' }).fill(`noscript-${runId()}@example.com`);
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await expect(page.getByText('Thanks! Check your e-mail and open the link we sent to confirm your subscription.')).toBeVisible();
  } finally {
    await context.close();
  }
});
