import { expect, test } from './support/test.ts';
import type { Page } from '@playwright/test';
import type { HomeLayout } from '#common/schemas/home.ts';
import { adminApi, expectToast, runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { screenshotPage } from './support/screenshots.ts';

// The owner arranges the home page (decision 061) at a phone's width and a desktop's: moves a section up,
// removes one, adds a hand-picked product grid, previews and saves; the storefront follows.

const headings = (page: Page) => page.getByRole('heading', { level: 2 }).allTextContents();

for (const width of [390, 1280]) {
  test(`the owner reorders, removes and adds home sections and the storefront follows, at ${width} px`, async ({ page, baseURL }) => {
    // a storefront visit, the admin's edits, a preview, a save and the storefront again, with screenshots
    test.setTimeout(180_000);
    const api = await adminApi(baseURL!);
    const original = (await (await api.get('/api/admin/home')).json()) as HomeLayout;
    const picks = `Staff picks ${runId()}`;
    try {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      // the demo's page: hero, category tiles, paddle and shop-wide grids, (once there are published reviews) reviews, finder, brands, features
      await page.goto('/');
      const before = await headings(page);
      for (const title of ['Shop by category', 'Top-rated paddles', 'Bestsellers', 'New arrivals', 'Featured Brands']) expect(before, title).toContain(title);
      expect(before.indexOf('Bestsellers')).toBeLessThan(before.indexOf('New arrivals'));
      const tiles = page.getByRole('region', { name: 'Shop by category' });
      await expect(tiles.getByRole('link', { name: 'Paddles' })).toHaveAttribute('href', '/shop?type=paddles');
      const paddles = page.getByRole('region', { name: 'Top-rated paddles' });
      await expect(paddles.getByRole('listitem')).toHaveCount(4);
      // sized pictures, lazy below the fold
      await expect(paddles.locator('img').first()).toHaveAttribute('loading', 'lazy');
      await expect(paddles.locator('img').first()).toHaveAttribute('width', '400');
      await screenshotPage(page, `home-sections-demo-${width}`);

      await signInAsAdmin(page);
      await page.goto('/admin');
      await page
        .getByRole('navigation', { name: 'Admin shortcuts' })
        .getByRole('link', { name: /Home Page/ })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Home Page' })).toBeVisible();
      const sections = page.getByRole('list', { name: 'Home page sections' });

      // moved up with the keyboard: the focus stays on the moved section's button
      const moveUp = sections.getByRole('button', { name: /^Move up: New arrivals/ });
      await moveUp.focus();
      await page.keyboard.press('Enter');
      await expect(moveUp).toBeFocused();
      await expect(sections.getByRole('listitem').nth(3)).toContainText('New arrivals');

      await sections.getByRole('button', { name: /^Remove: Top-rated paddles/ }).click();
      await expect(sections).not.toContainText('Top-rated paddles');

      await page.getByLabel('New section').selectOption({ label: 'Product grid' });
      await page.getByRole('button', { name: 'Add section' }).click();
      // the sections' own items, not the product lists inside the one being edited
      const added = sections.locator(':scope > li').last();
      await added.getByLabel('Title').fill(picks);
      await added.getByLabel('Products', { exact: true }).selectOption({ label: 'Hand-picked' });
      await added.getByLabel('Find a product to add').fill('paddle');
      await added.getByRole('list', { name: 'Products found' }).getByRole('button').first().click();
      await expect(added.getByRole('list', { name: 'Chosen products' }).getByRole('listitem')).toHaveCount(1);

      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('region', { name: 'Preview' });
      await expect(preview.getByRole('heading', { name: picks })).toBeVisible();
      await expect(preview.getByRole('heading', { name: 'Top-rated paddles' })).toHaveCount(0);
      await expect(preview.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
      await screenshotAdminPage(page, `admin-home-sections-${width}`);

      await page.getByRole('button', { name: 'Save home page' }).click();
      await expectToast(page, 'Home page saved');

      await page.goto('/');
      const after = await headings(page);
      expect(after.indexOf('New arrivals')).toBeLessThan(after.indexOf('Bestsellers'));
      expect(after).not.toContain('Top-rated paddles');
      expect(after).toContain(picks);
      await expect(page.getByRole('region', { name: picks }).getByRole('listitem')).toHaveCount(1);
      await screenshotPage(page, `home-sections-arranged-${width}`);
    } finally {
      const now = (await (await api.get('/api/admin/home')).json()) as HomeLayout;
      const restored = await api.put('/api/admin/home', { data: { version: now.version, sections: original.sections } });
      expect(restored.ok(), await restored.text()).toBe(true);
      await api.dispose();
    }
  });
}
