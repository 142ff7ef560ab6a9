import { expect, test } from './support/test.ts';
import type { CheckoutRecoveryOverview } from '#common/schemas/checkout-recovery.ts';
import { adminApi, expectToast, runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';

// The owner opens the Newsletter page from the dashboard's card, at a phone's width and a desktop's: the
// list with its counts and CSV export, and the checkout reminders' settings saved from the form.

for (const width of [390, 1280]) {
  test(`the admin's Newsletter page lists the sign-ups and saves the reminder settings, at ${width} px`, async ({ page, baseURL }) => {
    const email = `list-${width}-${runId()}@example.com`;
    const api = await adminApi(baseURL!);
    const before = (await (await api.get('/api/admin/newsletter/checkout-recovery')).json()) as CheckoutRecoveryOverview;
    try {
      expect((await api.post('/api/newsletter', { data: { email } })).ok()).toBe(true);
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await signInAsAdmin(page);
      await page.goto('/admin');
      await page
        .getByRole('navigation', { name: 'Admin shortcuts' })
        .getByRole('link', { name: /Newsletter/ })
        .click();
      await expect(page).toHaveURL(/\/admin\/newsletter$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();

      await expect(page.getByRole('row').filter({ hasText: email })).toContainText('unconfirmed');
      await expect(page.getByRole('definition').first()).not.toHaveText('…');
      await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/newsletter/subscribers.csv');

      const form = page.getByRole('form', { name: 'Checkout reminder settings' });
      const delay = form.getByLabel('First reminder after (minutes)');
      await delay.fill('5');
      await form.getByRole('button', { name: 'Save reminder settings' }).click();
      await expect(form.getByText('First reminder delay must be a whole number of minutes from 15 to 10080')).toBeVisible();

      await delay.fill('45');
      await form.getByLabel('Subject').fill(`Your paddle is waiting ${width}`);
      await form.getByRole('button', { name: 'Save reminder settings' }).click();
      await expectToast(page, 'Reminder settings saved');
      const saved = (await (await api.get('/api/admin/newsletter/checkout-recovery')).json()) as CheckoutRecoveryOverview;
      expect(saved.settings).toMatchObject({ firstDelayMinutes: 45, subject: `Your paddle is waiting ${width}`, enabled: before.settings.enabled });

      if (width === 1280) await screenshotAdminPage(page, 'admin-newsletter');
    } finally {
      await api.put('/api/admin/newsletter/checkout-recovery', { data: before.settings });
      await api.dispose();
    }
  });
}
