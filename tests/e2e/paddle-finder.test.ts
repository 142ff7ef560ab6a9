import { expect, test, type APIRequestContext } from './support/test.ts';
import type { FinderResult, FinderRulesView } from '#common/schemas/paddle-finder.ts';
import { adminApi, expectToast, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { screenshotPage } from './support/screenshots.ts';
import { E2E_ORIGIN } from '../../playwright.config.ts';

// The paddle finder against the demo paddles: the quiz lands on ranked matches that say why they fit,
// the answers live in the address (a shared link opens the same results), and the shop link carries the
// answers' filters.

const ANSWERS = 'skill=beginner&format=doubles&style=control&arm=yes&budget=under-100&weight=unsure';

async function finderResult(request: APIRequestContext, query: string): Promise<FinderResult> {
  const response = await request.get(`/api/paddle-finder?${query}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as FinderResult;
}

test('the quiz lands on filtered matches, best first, each saying why it fits', async ({ page, request }) => {
  const expected = await finderResult(request, ANSWERS);
  expect(expected.matches.length).toBeGreaterThan(1);
  expect(expected.matches.every((match) => Number(match.product.price) < 100)).toBe(true);

  await page.goto('/');
  await page.getByRole('link', { name: 'Take the paddle finder' }).click();
  await expect(page).toHaveURL(/\/paddle-finder$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your paddle');
  await expectNoSeriousAxeViolations(page, 'paddle finder quiz');
  await screenshotPage(page, 'paddle-finder-quiz');

  await page.getByRole('group', { name: 'What is your level?' }).getByLabel('New to the game (up to 3.0)').check();
  await page.getByRole('group', { name: 'Singles or doubles?' }).getByLabel('Mostly doubles').check();
  await page.getByRole('group', { name: 'Power or control?' }).getByLabel('Control: dinks, drops and resets').check();
  await page.getByRole('group', { name: 'Any arm or elbow concerns?' }).getByLabel('Yes, go easy on my arm').check();
  await page.getByRole('group', { name: 'Your budget?' }).getByLabel('Under $100').check();
  await page.getByRole('group', { name: 'Preferred weight?' }).getByLabel('Not sure').check();
  await page.getByRole('button', { name: 'Show my paddles' }).click();

  await expect(page).toHaveURL(`/paddle-finder/results?${ANSWERS}`);
  const matches = page.getByRole('list', { name: 'Matching paddles, best first' }).getByRole('listitem');
  await expect(matches).toHaveCount(expected.matches.length);
  for (const [index, match] of expected.matches.entries()) {
    await expect(matches.nth(index).getByRole('heading')).toHaveText(match.product.name);
    await expect(matches.nth(index).getByText(match.why, { exact: true })).toBeVisible();
  }
  // the best match is explained by the answers: forgiving shape, control, light on the arm
  expect(expected.matches[0]!.why).toMatch(/^Fits because .+\.$/);
  await expect(page.getByRole('list', { name: 'Your answers' }).getByRole('listitem')).toHaveCount(6);
  await expectNoSeriousAxeViolations(page, 'paddle finder results');
  await screenshotPage(page, 'paddle-finder-results');

  // the shop, with the budget as its own price filter
  await page.getByRole('link', { name: `See all ${expected.total} in the shop with these filters` }).click();
  await expect(page).toHaveURL(`/shop?${expected.shopQuery}`);
  expect(expected.shopQuery).toBe('type=paddles&price=-100');
  await expect(page.getByText(`${expected.total} ${expected.total === 1 ? 'product' : 'products'}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try the paddle finder' })).toBeVisible();
});

test('a shared result opens as it was; answers that do not exist are ignored', async ({ page, request }) => {
  const expected = await finderResult(request, 'format=singles&style=power');
  const response = await page.goto('/paddle-finder/results?format=singles&style=power&skill=grandmaster&colour=pink');
  expect(response?.status()).toBe(200);
  const first = page.getByRole('list', { name: 'Matching paddles, best first' }).getByRole('listitem').first();
  await expect(first.getByRole('heading')).toHaveText(expected.matches[0]!.product.name);
  await expect(first.getByText(expected.matches[0]!.why, { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your answers' }).getByRole('listitem')).toHaveText([/Mostly singles$/, /Power: drives and put-aways$/]);

  // Change answers keeps them: the quiz is pre-filled
  await page.getByRole('link', { name: 'Change answers' }).click();
  await expect(page).toHaveURL('/paddle-finder?format=singles&style=power');
  await expect(page.getByLabel('Mostly singles')).toBeChecked();
  await expect(page.getByLabel('Power: drives and put-aways')).toBeChecked();

  // a budget and weight no paddle has: said plainly, not an error
  await page.goto('/paddle-finder/results?budget=under-100&weight=heavy');
  await expect(page.getByRole('heading', { name: 'No paddle fits every answer' })).toBeVisible();
});

test('without JavaScript the quiz still lands on the results', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/paddle-finder');
  await page.getByLabel('Mostly singles').check();
  await page.getByRole('button', { name: 'Show my paddles' }).click();
  await expect(page).toHaveURL(/\/paddle-finder\/results\?format=singles$/);
  await expect(page.getByRole('list', { name: 'Matching paddles, best first' }).getByRole('listitem').first()).toContainText('Fits because');
  await context.close();
});

test('the owner reads the rules in words and edits them; the finder follows', async ({ page, baseURL }) => {
  await signInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: /Paddle Finder/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paddle finder rules');
  const budget = page.getByRole('region', { name: /Your budget\?/ });
  await expect(budget.getByText('Shows only price = -100')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'paddle finder rules');
  await screenshotAdminPage(page, 'admin-paddle-finder');

  const api = await adminApi(baseURL!);
  try {
    const { rules } = (await (await api.get('/api/admin/paddle-finder')).json()) as FinderRulesView;
    const edited = {
      ...rules,
      rules: rules.rules.map((rule) =>
        rule.question === 'format' && rule.answer === 'singles'
          ? { ...rule, prefers: [{ key: 'f.shape', values: ['Elongated', 'Extra-elongated'], points: 3, reason: 'a long {value} face covers the court' }] }
          : rule,
      ),
    };
    // a typo is refused, naming where it is
    await page.getByLabel('Rules (JSON)').fill(JSON.stringify({ ...edited, productType: 'padles' }));
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The rules were not saved' })).toContainText('There is no product type "padles"');

    await page.getByLabel('Rules (JSON)').fill(JSON.stringify(edited));
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expectToast(page, 'Paddle finder rules saved');
    await expect(page.getByText('“a long {value} face covers the court”', { exact: false })).toBeVisible();
    const after = await finderResult(api, 'format=singles');
    expect(after.matches[0]!.why).toMatch(/^Fits because a long (Elongated|Extra-elongated) face covers the court\.$/);
  } finally {
    await api.delete('/api/admin/paddle-finder', { headers: { origin: E2E_ORIGIN } });
    await api.dispose();
  }
});
