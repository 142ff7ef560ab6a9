import { expect, test, waitsForApp } from './support/test.ts';
import { placePaidOrderAs, registerShopper, runId, signInAsAdmin } from './support/admin.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { expectToast, stockedProducts } from './support/checkout.ts';
import { screenshotPage } from './support/screenshots.ts';

// A buyer reviews what they bought; the owner publishes it from the queue; the product page shows it as a verified purchase.

test('a buyer writes a review that shows "Verified purchase" once the owner publishes it', async ({ page, browser, request }) => {
  const [product] = await stockedProducts(request, 1);
  const id = runId();
  const shopper = { username: `reviewer_${id}`, password: 'a long enough passphrase 42', email: `reviewer-${id}@example.com` };
  await registerShopper(page.request, shopper);
  await placePaidOrderAs(page.request, { productId: product!.id, customerName: 'Rita Reviewer', customerEmail: shopper.email });
  const title = `Control for days ${id}`;

  await page.goto(`/products/${product!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
  const reviews = page.getByRole('region', { name: 'Player reviews' });
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await reviews.getByRole('button', { name: 'Write a review' }).click();
  const form = page.getByRole('form', { name: 'Write a review' });
  // nothing filled in: each field says what it needs, nothing is sent
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByLabel('Title').fill(title);
  // markup is text: shown as typed, never run
  await form.getByLabel('Your review').fill('Great soft feel at the kitchen line. <script>alert(1)</script>');
  await form.getByLabel('Skill level').selectOption('3.5');
  await form.getByLabel('Singles or doubles').selectOption('doubles');
  await form.getByLabel('Play style').selectOption('control');
  await form.getByLabel('How long you have used it').selectOption('1_6_months');
  await expectNoSeriousAxeViolations(page, '/products/<id> review form');
  await screenshotPage(page, 'review-form', async () => {
    await form.scrollIntoViewIfNeeded();
  });
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(reviews.getByText('Thank you! Your review will appear once the shop has checked it.')).toBeVisible();
  await expect(reviews.getByRole('heading', { name: title })).toHaveCount(0);

  // the owner, in another browser, publishes it from the queue
  const ownerContext = await browser.newContext();
  const owner = waitsForApp(await ownerContext.newPage());
  await signInAsAdmin(owner);
  await owner.goto('/admin/reviews');
  await expect(owner.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const item = owner.getByRole('listitem').filter({ has: owner.getByRole('heading', { name: title }) });
  await expect(item.getByText('Verified purchase')).toBeVisible();
  await expect(item.getByText('<script>alert(1)</script>', { exact: false })).toBeVisible();
  await expectNoSeriousAxeViolations(owner, '/admin/reviews');
  await screenshotPage(owner, 'admin-reviews');
  await item.getByLabel(/Your reply/).fill('Thanks Rita, enjoy it!');
  await item.getByRole('button', { name: 'Reply' }).click();
  await expectToast(owner, 'Reply saved and e-mailed');
  await item.getByRole('button', { name: 'Publish' }).click();
  await expectToast(owner, 'Review published');
  await ownerContext.close();

  // a fresh load (the same address with #reviews alone would not reload), straight to the section
  await page.goto(`/products/${product!.id}#reviews`);
  await page.reload();
  const published = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(published).toBeVisible();
  await expect(published.getByText('Verified purchase')).toBeVisible();
  await expect(published.getByText('Great soft feel at the kitchen line. <script>alert(1)</script>')).toBeVisible();
  await expect(published.getByText('Thanks Rita, enjoy it!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Player reviews' }).getByText('Your review is published.')).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/products/<id> reviews');
  await screenshotPage(page, 'product-reviews', async () => {
    await page.locator('#reviews').scrollIntoViewIfNeeded();
  });
});
