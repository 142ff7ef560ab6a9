import type { Client } from 'pg';
import type { CheckoutRecoveryOverview } from '#common/schemas/checkout-recovery.ts';
import type { OutboxEmail } from '#common/schemas/admin-outbox.ts';
import { expect, test, waitsForApp, type APIRequestContext } from './support/test.ts';
import { adminApi, runId } from './support/admin.ts';
import {
  continueToPayment,
  expectToast,
  fillAddress,
  fillCustomer,
  GOOD_CARD,
  openCheckoutWith,
  payWithCard,
  stockedProducts,
  storedCartItems,
} from './support/checkout.ts';
import { openShopDatabase } from './support/shop-database.ts';

// Abandoned-checkout reminders (decision 056) in a browser: a shopper who confirmed the newsletter gives
// an e-mail at checkout and leaves; the shop's run (every 2 s here, CHECKOUT_RECOVERY_INTERVAL_MS in
// playwright.config.ts) e-mails a reminder once the checkout is older than the owner's delay, whose link
// puts the cart back in a fresh browser; buying then stops the second reminder, while another shopper who
// did not buy gets it. The delay is an hour at least, so the checkouts are moved back in time in the shop's
// database, as the server's tests do; the run itself is the shop's own. E-mails are found in the outbox by
// searching for the address.

const SETTINGS = {
  enabled: true,
  firstDelayMinutes: 60,
  secondEnabled: true,
  secondDelayMinutes: 1440,
  requireConsent: true,
  subject: 'You left something on the court',
  message: 'Your cart is saved: pick up where you left off.',
};
const RUN_WAIT = { timeout: 30_000, intervals: [1_000] };

async function remindersTo(api: APIRequestContext, to: string): Promise<OutboxEmail[]> {
  const response = await api.get('/api/admin/emails', { params: { q: to } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as OutboxEmail[]).filter((email) => email.kind === 'checkout-reminder' && email.recipient === to);
}
const linkIn = (text: string, path: string) => new URL(new RegExp(`(https?://\\S+${path}\\S+)`).exec(text)![1]!);

/** Signs the address up on the newsletter and opens the confirmation link: a confirmed subscriber. */
async function confirmSubscriber(api: APIRequestContext, shopper: APIRequestContext, email: string): Promise<void> {
  expect((await shopper.post('/api/newsletter', { data: { email } })).ok()).toBe(true);
  let link: URL | undefined;
  await expect(async () => {
    const response = await api.get('/api/admin/emails', { params: { q: email } });
    const confirmation = ((await response.json()) as OutboxEmail[]).find((mail) => mail.kind === 'newsletter-confirm');
    link = linkIn(confirmation!.text, '/api/newsletter/confirm');
  }).toPass({ timeout: 10_000 });
  expect((await shopper.get(link!.pathname + link!.search)).ok()).toBe(true);
}

/** The address's latest checkout, made `minutesAgo` old. */
async function backdateCheckout(db: Client, email: string, minutesAgo: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `update orders set created_at = now() - make_interval(mins => $2::int)
      where id = (select id from orders where lower(customer_email) = $1 and payment_status not in ('succeeded', 'partially_refunded', 'refunded') order by id limit 1)
      returning id`,
    [email, minutesAgo],
  );
  expect(rows, `an unpaid checkout of ${email}`).toHaveLength(1);
  return rows[0]!.id;
}

test('a reminder brings a shopper back to the cart they left, and buying stops the second one', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const db = await openShopDatabase(baseURL!);
  test.skip(db === null, 'the e2e shop runs on PGlite here: its database cannot be reached to move a checkout back in time');
  const id = runId();
  const buyer = { name: 'Casey Comeback', email: `comeback-${id}@example.com` };
  const other = `stays-away-${id}@example.com`;
  const [product] = await stockedProducts(request, 1);
  const api = await adminApi(baseURL!);
  const before = (await (await api.get('/api/admin/newsletter/checkout-recovery')).json()) as CheckoutRecoveryOverview;
  try {
    expect((await api.put('/api/admin/newsletter/checkout-recovery', { data: SETTINGS })).ok()).toBe(true);
    await confirmSubscriber(api, page.request, buyer.email);
    await confirmSubscriber(api, request, other);

    // the shopper gives the e-mail at checkout, gets as far as the card form, and leaves
    await openCheckoutWith(page, [{ product: product!, quantity: 2 }]);
    await fillCustomer(page, buyer);
    await fillAddress(page);
    await expectToast(page, 'Tax calculated');
    await continueToPayment(page).click();
    await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
    await page.close();
    // another subscriber leaves a checkout too (through the API) and never comes back
    const left = await request.post('/api/create-payment-intent', {
      data: {
        customerName: 'Sam Elsewhere',
        customerEmail: other,
        shippingAddress: { street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
        items: [{ productId: product!.id, quantity: 1 }],
      },
    });
    expect(left.ok(), await left.text()).toBe(true);

    // an hour and a minute later, the shop's next run sends each of them the first reminder
    const abandoned = await backdateCheckout(db!, buyer.email, 61);
    await backdateCheckout(db!, other, 61);
    await expect.poll(async () => (await remindersTo(api, buyer.email)).length, RUN_WAIT).toBe(1);
    await expect.poll(async () => (await remindersTo(api, other)).length, RUN_WAIT).toBe(1);
    const [reminder] = await remindersTo(api, buyer.email);
    expect(reminder!.subject.startsWith(SETTINGS.subject)).toBe(true);
    expect(reminder!.text).toContain(product!.name);

    // its link fills the cart of a browser that never saw the shop
    const context = await browser.newContext();
    const fresh = waitsForApp(await context.newPage());
    try {
      const cartLink = linkIn(reminder!.text, '/cart\\?restore=');
      await fresh.goto(cartLink.pathname + cartLink.search);
      await expect(fresh).toHaveURL(/\/cart$/);
      await expect(fresh.getByRole('group', { name: `Quantity of ${product!.name}` }).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
      expect(await storedCartItems(fresh)).toMatchObject([{ product: { id: product!.id }, quantity: 2 }]);

      // and the shopper buys
      await fresh.getByRole('link', { name: 'Proceed to Checkout' }).click();
      await expect(fresh.getByRole('heading', { name: 'Shipping Address' })).toBeVisible();
      await fillCustomer(fresh, buyer);
      await fillAddress(fresh);
      await expectToast(fresh, 'Tax calculated');
      await continueToPayment(fresh).click();
      await payWithCard(fresh, GOOD_CARD);
      await expect(fresh).toHaveURL(/\/order-confirmation\?payment_intent=/);
    } finally {
      await context.close();
    }

    // a day after the checkouts, the second reminder is due: the shopper who stayed away gets it, the buyer does not
    await backdateCheckout(db!, buyer.email, 25 * 60);
    await backdateCheckout(db!, other, 25 * 60);
    await expect.poll(async () => (await remindersTo(api, other)).length, RUN_WAIT).toBe(2);
    expect(await remindersTo(api, buyer.email)).toHaveLength(1);
    const { rows } = await db!.query<{ status: string; reminders_sent: number; recovered: boolean }>(
      `select r.status, r.reminders_sent, p.payment_status = 'succeeded' as recovered
         from checkout_recoveries r left join orders p on p.id = r.recovered_order_id where r.order_id = $1`,
      [abandoned],
    );
    expect(rows).toEqual([{ status: 'recovered', reminders_sent: 1, recovered: true }]);
  } finally {
    await api.put('/api/admin/newsletter/checkout-recovery', { data: before.settings });
    await api.dispose();
    await db?.end();
  }
});
