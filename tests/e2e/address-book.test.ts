import { request as playwrightRequest } from '@playwright/test';
import { expect, test, type Page } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { adminApi, expectToast, registerShopper, runId } from './support/admin.ts';
import { screenshotPage } from './support/screenshots.ts';
import { E2E_ORIGIN } from '../../playwright.config.ts';

// Issue 30: the profile's address book (add, edit, set the default, delete), the e-mail change confirmed by its
// link, and the password change that signs every other device out, on a phone and a desktop, keyboard first and
// axe clean.

const PASSWORD = 'baseline-dink-2026';

async function newShopper(page: Page): Promise<{ username: string; email: string }> {
  const username = `book${runId()}`;
  const email = `${username}@example.com`;
  await registerShopper(page.request, { username, password: PASSWORD, email });
  return { username, email };
}

const book = (page: Page) => page.getByRole('list', { name: 'Saved addresses' });

async function addAddress(page: Page, address: { fullName: string; street: string; city: string; state: string; zip: string; phone?: string }) {
  await page.getByRole('button', { name: 'Add address' }).click();
  const form = page.getByRole('form', { name: 'New address' });
  await expect(form.getByLabel('Full name')).toBeFocused();
  // keyboard only: type, Tab to the next field, choose the state with the keyboard
  await page.keyboard.type(address.fullName);
  await page.keyboard.press('Tab');
  await page.keyboard.type(address.street);
  await page.keyboard.press('Tab');
  await page.keyboard.type(address.city);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('State')).toBeFocused();
  await form.getByLabel('State').selectOption(address.state);
  await page.keyboard.press('Tab');
  await page.keyboard.type(address.zip);
  await page.keyboard.press('Tab');
  if (address.phone) await page.keyboard.type(address.phone);
  await form.getByRole('button', { name: 'Save address' }).focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Address saved');
  await expect(form).toBeHidden();
}

for (const width of [390, 1280]) {
  test(`the address book: add, check, edit, set the default and delete, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await newShopper(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Address Book' })).toBeVisible();
    await expect(page.getByText('No saved addresses yet.')).toBeVisible();

    // the checks beside their fields, before anything is sent
    await page.getByRole('button', { name: 'Add address' }).click();
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(form.getByLabel('Full name')).toHaveAccessibleDescription('Full name is required');
    await expect(form.getByLabel('State')).toHaveAccessibleDescription('Please choose a US state');
    await expect(form.getByLabel('ZIP code')).toHaveAccessibleDescription('ZIP code is required');
    await expectNoSeriousAxeViolations(page, 'address form with its errors');
    await form.getByRole('button', { name: 'Cancel' }).click();

    await addAddress(page, { fullName: 'Ann Lee', street: '12 Baseline Rd', city: 'Austin', state: 'TX', zip: '78701', phone: '512-555-0100' });
    await expect(book(page).getByRole('listitem')).toHaveCount(1);
    await expect(book(page).getByRole('listitem').first()).toContainText('Default shipping');
    await expect(page.getByRole('button', { name: 'Add address' })).toBeFocused();
    await addAddress(page, { fullName: 'Ann Lee', street: '400 Congress Ave', city: 'Austin', state: 'TX', zip: '78701-4000' });
    await expect(book(page).getByRole('listitem')).toHaveCount(2);
    await expectNoSeriousAxeViolations(page, 'profile with two addresses');
    await screenshotPage(page, 'profile-address-book');

    // set the second as the default: it moves first and is the only default
    await page.getByRole('button', { name: 'Set as default: 400 Congress Ave' }).click();
    await expectToast(page, 'Default address changed');
    await expect(book(page).getByRole('listitem').first()).toContainText('400 Congress Ave');
    await expect(book(page).getByText('Default shipping')).toHaveCount(1);

    // edit in place
    await page.getByRole('button', { name: 'Edit 12 Baseline Rd' }).click();
    const edit = page.getByRole('form', { name: 'Edit address' });
    await expect(edit.getByLabel('State')).toHaveValue('TX');
    await edit.getByLabel('City').fill('San Antonio');
    await edit.getByLabel('ZIP code').fill('78205');
    await expectNoSeriousAxeViolations(page, 'address being edited');
    await screenshotPage(page, 'profile-address-edit');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await expect(edit).toBeHidden();
    await expect(book(page)).toContainText('San Antonio, TX 78205');
    await expect(page.getByRole('button', { name: 'Edit 12 Baseline Rd' })).toBeFocused();

    // saved on the server: a reload shows the same book
    await page.reload();
    await expect(book(page).getByRole('listitem').first()).toContainText('400 Congress Ave');
    await expect(book(page)).toContainText('San Antonio, TX 78205');

    // delete, after the question
    await page.getByRole('button', { name: 'Delete 12 Baseline Rd' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
    await expect(dialog).toContainText('12 Baseline Rd');
    await expectNoSeriousAxeViolations(page, 'delete question');
    await dialog.getByRole('button', { name: 'Delete address' }).click();
    await expectToast(page, 'Address deleted');
    await expect(book(page).getByRole('listitem')).toHaveCount(1);
    await expect(book(page)).not.toContainText('12 Baseline Rd');
  });
}

test('changing the password signs the other devices out and keeps this one, at 390 and 1280 px', async ({ page, baseURL }) => {
  const { username } = await newShopper(page);
  // the same account signed in elsewhere
  const elsewhere = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: E2E_ORIGIN } });
  try {
    expect((await elsewhere.post('/api/login', { data: { username, password: PASSWORD } })).status()).toBe(200);
    expect((await elsewhere.get('/api/user')).status()).toBe(200);

    await page.goto('/profile');
    const form = page.getByRole('form', { name: 'Change password' });
    await expect(form).toBeVisible();
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password').fill('kitchen-line-erne-7');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByLabel('Current password')).toHaveAccessibleDescription('Your current password is not correct');
    await expectNoSeriousAxeViolations(page, 'password form with a wrong current password');
    await screenshotPage(page, 'profile-password-error');

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('New password').fill('kitchen-line-erne-7');
    await form.getByLabel('New password').press('Enter');
    await expectToast(page, 'Password changed');
    await expect(form.getByRole('status')).toHaveText('Password changed. You were signed out everywhere else.');
    await expectNoSeriousAxeViolations(page, 'password changed');

    expect((await elsewhere.get('/api/user')).status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    expect((await elsewhere.post('/api/login', { data: { username, password: PASSWORD } })).status()).toBe(401);
    expect((await elsewhere.post('/api/login', { data: { username, password: 'kitchen-line-erne-7' } })).status()).toBe(200);
  } finally {
    await elsewhere.dispose();
  }
});

/** The confirmation link the shop e-mailed to `to`, read from the outbox as the owner sees it. */
async function confirmationLink(baseURL: string, to: string): Promise<string> {
  const admin = await adminApi(baseURL);
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const emails = (await (await admin.get(`/api/admin/emails?q=${encodeURIComponent(to)}`)).json()) as Array<{ kind: string; text: string }>;
      const mail = emails.find((email) => email.kind === 'email-change-confirm');
      const link = mail && /https?:\/\/\S+\/confirm-email\?token=[\w-]+/.exec(mail.text)?.[0];
      if (link) return new URL(link).pathname + new URL(link).search;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no confirmation e-mail to ${to}`);
  } finally {
    await admin.dispose();
  }
}

test('changing the e-mail address through the link sent to the new one, at 390 and 1280 px', async ({ page, baseURL }) => {
  const { email } = await newShopper(page);
  const next = `moved${runId()}@example.com`;
  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Change e-mail' });
  await form.getByLabel('New email').fill(next);
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByRole('status')).toContainText('We have sent a confirmation link to your new email address.');
  // nothing changes until the link is opened
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  await page.goto(await confirmationLink(baseURL!, next));
  await expect(page.getByRole('status')).toContainText(`Your email address is changed. We will write to ${next} from now on.`);
  await expectNoSeriousAxeViolations(page, 'e-mail confirmed');
  await screenshotPage(page, 'confirm-email');
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page.getByText(next, { exact: true })).toBeVisible();
});
