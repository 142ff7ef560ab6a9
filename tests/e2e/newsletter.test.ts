import { expect, test, type APIRequestContext } from './support/test.ts';
import type { OutboxEmail } from '#common/schemas/admin-outbox.ts';
import { adminApi, runId } from './support/admin.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { screenshotPage } from './support/screenshots.ts';

// A shopper signs up for the newsletter in the footer, at a phone's width and a desktop's, and opens the
// confirmation link from the e-mail (read from the admin outbox): subscribed only then, welcomed once.

async function emailsTo(api: APIRequestContext, to: string, kind: string): Promise<OutboxEmail[]> {
  const response = await api.get(`/api/admin/emails?q=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as OutboxEmail[]).filter((email) => email.kind === kind);
}
const linkIn = (text: string, path: string) => new URL(new RegExp(`(https?://\\S+${path}\\S+)`).exec(text)![1]!);

for (const width of [390, 1280]) {
  test(`the footer's sign-up asks to check the e-mail, and its link confirms the subscription, at ${width} px`, async ({ page, baseURL }) => {
    const email = `reader-${width}-${runId()}@example.com`;
    const api = await adminApi(baseURL!);
    try {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await page.goto('/');
      const form = page.getByRole('form', { name: 'Newsletter' });
      await form.scrollIntoViewIfNeeded();
      await expect(form.getByText('E-mail me news about new gear and offers. Unsubscribe any time.')).toBeVisible();
      if (width === 1280) {
        await expectNoSeriousAxeViolations(page, 'footer with the newsletter form');
        await screenshotPage(page, 'newsletter-footer', async () => {
          await page.getByRole('form', { name: 'Newsletter' }).scrollIntoViewIfNeeded();
        });
      }
      await form.getByRole('textbox', { name: 'Newsletter' }).fill(email);
      // the focus fetched the sign-up's own code (lazy-header-forms.test.ts); a press before it arrives posts the
      // plain form and the server answers with a page, which is not what this journey checks
      await expect(form).not.toHaveAttribute('action');
      await expect(form.getByRole('textbox', { name: 'Newsletter' })).toHaveValue(email);
      await form.getByRole('button', { name: 'Sign up' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Thanks! Check your e-mail and open the link we sent to confirm your subscription.' }),
      ).toBeVisible();
      expect(await emailsTo(api, email, 'newsletter-welcome')).toEqual([]);

      const [confirmation] = await emailsTo(api, email, 'newsletter-confirm');
      const link = linkIn(confirmation!.text, '/api/newsletter/confirm');
      await page.goto(link.pathname + link.search);
      await expect(page.getByRole('heading', { name: 'Your subscription is confirmed' })).toBeVisible();
      const welcomes = await emailsTo(api, email, 'newsletter-welcome');
      expect(welcomes).toHaveLength(1);

      const list = await api.get(`/api/admin/newsletter/subscribers?q=${encodeURIComponent(email)}`);
      expect((await list.json()).items).toMatchObject([{ email, status: 'subscribed', source: 'footer' }]);
    } finally {
      await api.dispose();
    }
  });
}
