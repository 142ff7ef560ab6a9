import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SavedAddress } from '#common/schemas/addresses.ts';
import type { CouponResult } from '#common/schemas/checkout.ts';
import { fakeApi, fails, ok, type Answer } from '#client/test/fake-api.ts';
import { customer, paymentIntent, publicConfig, siteSettings, taxResult, builtInShippingRates } from '#client/test/fixtures.ts';
import { fillCustomer, fillShippingAddress, payWithCard, summaryValue } from '#client/test/checkout-steps.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { setAppliedCoupon } from '../applied-coupon.ts';
import { CheckoutForm, type CheckoutCart } from './checkout-form.tsx';

// /checkout's form before the card: contact first, the shipping address (a customer's saved ones too),
// the shipping method, the checks of Continue to Payment beside their fields, the tax computed by itself,
// and the order summary with its lines.

function checkoutCart(lines: CheckoutCart['items'] = [{ product: { id: 1, name: 'Court Pro Paddle', price: '60.00' }, variantId: null, quantity: 2 }]) {
  return { items: lines, soldOutLines: 0, clear: vi.fn(), refresh: vi.fn(async () => undefined) } satisfies CheckoutCart;
}

function shopApi(routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/site-settings': ok(siteSettings({ shippingCost: '10.00', freeShippingThreshold: '100.00' })),
    'GET /api/user': fails(401, 'Not signed in'),
    'GET /api/config': ok(publicConfig()),
    'GET /api/shipping/destinations': ok({ caProvinces: [] }),
    'POST /api/tax/calculate': ok(taxResult(870, 0.0725)),
    // unanswered, the page prices by the applied coupon alone (decision 058); automatic discounts have their own test
    'POST /api/discounts/preview': fails(503, 'No discount preview here'),
    'POST /api/shipping/rates': builtInShippingRates({ 1: 6000, 2: 1250 }, 1000, 10000),
    ...routes,
  });
}

function savedAddress(overrides: Partial<SavedAddress> = {}): SavedAddress {
  return SavedAddress.parse({
    id: 3,
    fullName: 'Dana Dinker',
    street: '9 Kitchen Line',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
    country: 'US',
    phone: '303 555 0100',
    isDefaultShipping: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

const sectionHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

beforeEach(() => setAppliedCoupon(null));

describe('the sections', () => {
  it('come in order: contact, shipping address, shipping method, payment; a guest is offered to sign in and come back', () => {
    shopApi();
    renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });

    expect(sectionHeadings()).toEqual(['Order Summary', 'Contact', 'Shipping Address', 'Shipping method', 'Payment']);
    const contact = within(screen.getByRole('group', { name: 'Contact' }));
    expect(contact.getByLabelText('Email')).toHaveAccessibleDescription('Your order confirmation is sent here.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth?returnTo=%2Fcheckout');
    expect(screen.queryByRole('button', { name: 'Calculate Tax' })).not.toBeInTheDocument();
  });

  it("prefills a customer's e-mail and name, offers no sign-in, and fills the address from the default saved one", async () => {
    shopApi({
      'GET /api/user': ok(customer()),
      'GET /api/account/addresses': ok({
        addresses: [savedAddress(), savedAddress({ id: 4, street: '1 Baseline Rd', city: 'Austin', state: 'TX', zip: '78701', isDefaultShipping: false })],
      }),
    });
    renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });

    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('dana@example.com'));
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    const address = within(screen.getByRole('group', { name: 'Shipping Address' }));
    await waitFor(() => expect(address.getByLabelText('Street address')).toHaveValue('9 Kitchen Line'));
    expect(address.getByLabelText('Saved addresses')).toHaveDisplayValue('Dana Dinker, 9 Kitchen Line, Denver, CO 80202 (default)');
    expect(address.getByLabelText('City')).toHaveValue('Denver');
    expect(address.getByLabelText('State')).toHaveValue('CO');
    expect(address.getByLabelText('ZIP code')).toHaveValue('80202');
    expect(address.getByLabelText('Full name')).toHaveValue('Dana Dinker');
    expect(address.getByLabelText('Phone (optional)')).toHaveValue('303 555 0100');
  });

  it('switches to another saved address, and saves a new one to the account when asked, once the order is paid', async () => {
    const api = shopApi({
      'GET /api/user': ok(customer()),
      'GET /api/account/addresses': ok({
        addresses: [savedAddress(), savedAddress({ id: 4, street: '1 Baseline Rd', city: 'Austin', state: 'TX', zip: '78701', isDefaultShipping: false })],
      }),
      'POST /api/create-payment-intent': ok(paymentIntent('pi_saved', { subtotal: 12000, discount: 0, shipping: 0, tax: 870, total: 12870 })),
      'POST /api/payments/simulated/confirm': ok({ status: 'succeeded', redirectUrl: '/order-confirmation' }),
      'POST /api/account/addresses': (request): Answer => ok({ address: savedAddress({ id: 9, ...(request.body as object) }) }),
    });
    const { user, history } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    const address = within(screen.getByRole('group', { name: 'Shipping Address' }));
    await waitFor(() => expect(address.getByLabelText('Street address')).toHaveValue('9 Kitchen Line'));

    await user.selectOptions(address.getByLabelText('Saved addresses'), '4');
    expect(address.getByLabelText('Street address')).toHaveValue('1 Baseline Rd');
    expect(address.getByLabelText('State')).toHaveValue('TX');

    await user.selectOptions(address.getByLabelText('Saved addresses'), 'new');
    await user.clear(address.getByLabelText('Street address'));
    await fillIn(user, address.getByLabelText('Street address'), '77 Third Shot Way');
    expect(address.getByLabelText('Saved addresses')).toHaveDisplayValue('A new address');
    await user.click(address.getByRole('checkbox', { name: 'Save this address to my account' }));
    await waitFor(() => expect(summaryValue(/tax/i)).toBe('$8.70'));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('form', { name: 'Card payment' });
    await payWithCard(user, { number: '4242 4242 4242 4242' });

    await waitFor(() => expect(history.at(-1)).toBe('/order-confirmation?payment_intent=pi_saved&redirect_status=succeeded'));
    await waitFor(() => expect(api.sentTo('POST /api/account/addresses')).toHaveLength(1));
    expect(api.sentTo('POST /api/account/addresses')[0]?.body).toEqual({
      fullName: 'Dana Dinker',
      street: '77 Third Shot Way',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: '303 555 0100',
    });
  });

  it("saves nothing to a customer's account unless asked, and offers a guest no such box", async () => {
    shopApi();
    renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    expect(screen.queryByRole('checkbox', { name: 'Save this address to my account' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Saved addresses')).not.toBeInTheDocument();
  });

  it('offers the shop\'s one shipping rule as the single choice, "Free" over the threshold', async () => {
    shopApi();
    const { unmount } = renderInShop(
      <CheckoutForm cart={checkoutCart([{ product: { id: 2, name: 'Outdoor Balls', price: '12.50' }, variantId: null, quantity: 3 }])} />,
      {
        path: '/checkout',
      },
    );
    const methods = within(screen.getByRole('group', { name: 'Shipping method' }));
    await waitFor(() => expect(methods.getByRole('radio', { name: /Standard shipping/ })).toBeChecked());
    expect(methods.getAllByRole('radio')).toHaveLength(1);
    await waitFor(() => expect(methods.getByRole('radio').closest('label')).toHaveTextContent('Standard shipping$10.00'));
    expect(screen.getByText('Add $62.50 more for free shipping.')).toBeInTheDocument();
    unmount();

    renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await waitFor(() => expect(screen.getByRole('radio', { name: /Standard shipping/ }).closest('label')).toHaveTextContent('Standard shippingFree'));
  });
});

describe("the owner's shipping methods", () => {
  const offered = {
    methods: [
      { id: '11', name: 'Standard', kind: 'delivery', priceCents: 795, arrivesFrom: '2026-12-02', arrivesBy: '2026-12-04' },
      { id: '12', name: 'Expedited', kind: 'delivery', priceCents: 1999, arrivesFrom: '2026-12-01', arrivesBy: '2026-12-01' },
      { id: '13', name: 'Local pickup', kind: 'pickup', priceCents: 0, arrivesFrom: '2026-11-30', arrivesBy: '2026-12-01' },
    ],
    pickupAddress: '2401 E Cesar Chavez St, Austin, TX 78702',
  };

  it("lists the state's methods with price and arrival, starts on the cheapest, and pays with the one chosen", async () => {
    const api = shopApi({
      'POST /api/shipping/rates': ok(offered),
      'POST /api/create-payment-intent': ok(paymentIntent('pi_fast', { subtotal: 12000, discount: 0, shipping: 1999, tax: 870, total: 14869 })),
    });
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await fillCustomer(user);
    await fillShippingAddress(user);
    const methods = within(screen.getByRole('group', { name: 'Shipping method' }));
    await waitFor(() => expect(methods.getAllByRole('radio')).toHaveLength(3));
    expect(api.sentTo('POST /api/shipping/rates')[0]?.body).toMatchObject({ toAddress: { state: 'TX' }, items: [{ productId: 1, quantity: 2 }] });
    expect(methods.getByRole('radio', { name: /Standard/ }).closest('label')).toHaveTextContent('StandardArrives Wed, Dec 2 – Fri, Dec 4$7.95');
    expect(methods.getByRole('radio', { name: /Expedited/ }).closest('label')).toHaveTextContent('ExpeditedArrives Tue, Dec 1$19.99');
    // the cheapest first: pickup, with where to collect it
    expect(methods.getByRole('radio', { name: /Local pickup/ })).toBeChecked();
    expect(screen.getByText('Pick up at 2401 E Cesar Chavez St, Austin, TX 78702')).toBeInTheDocument();
    expect(summaryValue('Shipping')).toBe('Free');

    await user.click(methods.getByRole('radio', { name: /Expedited/ }));
    await waitFor(() => expect(summaryValue('Shipping')).toBe('$19.99'));
    expect(screen.queryByText(/Pick up at/)).not.toBeInTheDocument();
    await waitFor(() => expect(api.sentTo('POST /api/tax/calculate').at(-1)?.body).toMatchObject({ shippingMethodId: '12' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(api.sentTo('POST /api/create-payment-intent')[0]?.body).toMatchObject({ shippingMethodId: '12', amount: 12000 + 1999 + 870 }));
  });

  it('says so when no method takes the cart to the state', async () => {
    shopApi({ 'POST /api/shipping/rates': ok({ methods: [], pickupAddress: null }) });
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await fillShippingAddress(user);
    expect(await screen.findByText('We cannot ship this cart to TX. Please contact us about your order.')).toBeInTheDocument();
  });
});

describe('Continue to Payment', () => {
  it('refuses an incomplete address with the spec toast, marks each empty field and focuses the first', async () => {
    const api = shopApi();
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await fillIn(user, screen.getByLabelText('Street address'), '12 Baseline Rd');

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await findToast('Please complete shipping address')).toHaveTextContent('All address fields are required to proceed to checkout.');
    const address = within(screen.getByRole('group', { name: 'Shipping Address' }));
    expect(address.getByLabelText('Street address')).toBeValid();
    for (const label of ['City', 'State', 'ZIP code']) {
      expect(address.getByLabelText(label)).toBeInvalid();
      expect(address.getByLabelText(label)).toHaveAccessibleDescription('Required');
    }
    expect(address.getByLabelText('City')).toHaveFocus();
    expect(api.sentTo('POST /api/create-payment-intent')).toHaveLength(0);
  });

  it('asks for the name, then a valid e-mail, each beside its field', async () => {
    const api = shopApi();
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await fillShippingAddress(user);
    // the tax's own toast first, so it cannot replace the ones this test reads (one toast at a time)
    expect(await findToast('Tax calculated')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue to Payment' });

    await user.click(next);

    expect(await findToast('Customer name required')).toHaveTextContent('Please enter your full name to proceed.');
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Please enter your full name');
    expect(screen.getByLabelText('Full name')).toBeInvalid();
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    // the e-mail is empty too: said beside it at once, though the toast is about the name first
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');

    await fillCustomer(user, { name: 'Dana Dinker', email: 'dana@example' });
    await user.click(next);

    expect(await findToast('Valid email required')).toHaveTextContent('Please enter a valid email address to receive order confirmations.');
    expect(screen.getByLabelText('Full name')).toBeValid();
    expect(screen.getByLabelText('Email')).toBeInvalid();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(api.sentTo('POST /api/create-payment-intent')).toHaveLength(0);
  });

  it("marks a ZIP code the shop does not take beside its field, with the server's refusal in the spec's toast", async () => {
    const api = shopApi({ 'POST /api/create-payment-intent': fails(400, 'Please enter a valid ZIP code') });
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await fillShippingAddress(user, { street: '12 Baseline Rd', city: 'Austin', state: 'TX', zip: '7870' });
    await fillCustomer(user);

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await findToast('Error initializing payment')).toHaveTextContent('Please enter a valid ZIP code');
    expect(screen.getByLabelText('ZIP code')).toBeInvalid();
    expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription('Please enter a valid ZIP code');
    // an unfinished ZIP code is never sent for tax
    expect(api.sentTo('POST /api/tax/calculate')).toHaveLength(0);
  });

  it('keeps the country at US, not editable', () => {
    shopApi();
    renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });

    const country = screen.getByLabelText('Country');
    expect(country).toHaveValue('US');
    expect(country).toHaveAttribute('readonly');
    expect(country).toHaveAccessibleDescription('We ship within the United States only.');
  });

  it("offers Canada when a zone ships there: its provinces, a postal code tidied to K1A 0B1, and the zone's rates", async () => {
    const api = shopApi({
      'GET /api/shipping/destinations': ok({ caProvinces: ['BC', 'ON'] }),
      'POST /api/shipping/rates': ok({
        methods: [{ id: '21', name: 'Canada Post Expedited', kind: 'delivery', priceCents: 1895, arrivesFrom: '2026-12-03', arrivesBy: '2026-12-09' }],
        pickupAddress: null,
      }),
      'POST /api/tax/calculate': ok({ amount: 0, amountCents: 0, rate: 0, fallback: false, provider: 'state-rates' }),
    });
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    const section = within(screen.getByRole('group', { name: 'Shipping Address' }));
    const country = await section.findByRole('combobox', { name: 'Country' });
    expect(country).toHaveAccessibleDescription('We ship to the United States and to Canada (duties and taxes are collected on delivery).');
    expect(section.getByLabelText('ZIP code')).toBeInTheDocument();

    await user.selectOptions(country, 'CA');
    const province = section.getByLabelText('Province');
    expect(
      within(province)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a province', 'British Columbia', 'Ontario']);
    await fillIn(user, section.getByLabelText('Street address'), '100 Queen St W');
    await fillIn(user, section.getByLabelText('City'), 'Toronto');
    await user.selectOptions(province, 'ON');
    await fillIn(user, section.getByLabelText('Postal code'), 'm5h2n2');
    await user.tab();
    expect(section.getByLabelText('Postal code')).toHaveValue('M5H 2N2');

    const methods = within(screen.getByRole('group', { name: 'Shipping method' }));
    await waitFor(() => expect(methods.getByRole('radio', { name: /Canada Post Expedited/ })).toBeChecked());
    expect(api.sentTo('POST /api/shipping/rates').at(-1)?.body).toMatchObject({ toAddress: { state: 'ON', country: 'CA', zip: 'M5H 2N2' } });
    await waitFor(() =>
      expect(api.sentTo('POST /api/tax/calculate').at(-1)?.body).toMatchObject({
        toAddress: { street: '100 Queen St W', city: 'Toronto', state: 'ON', zip: 'M5H 2N2', country: 'CA' },
      }),
    );
    // back to the US: the province and postal code were Canada's
    await user.selectOptions(country, 'US');
    expect(section.getByLabelText('State')).toHaveValue('');
    expect(section.getByLabelText('ZIP code')).toHaveValue('');
  });
});

describe('the order summary', () => {
  it('lists each line with its picture, variant and quantity, and no discount row without a coupon', async () => {
    shopApi();
    renderInShop(
      <CheckoutForm
        cart={checkoutCart([
          {
            product: { id: 1, name: 'Court Pro Paddle', price: '60.00' },
            variantId: 8,
            variantName: '16 mm',
            imageUrl: '/uploads/court-pro.webp',
            quantity: 2,
          },
          {
            product: { id: 2, name: 'Outdoor Balls', price: '12.50' },
            variantId: null,
            imageUrl: null,
            quantity: 1,
            notes: ['Price changed from $10.00 to $12.50.'],
          },
        ])}
      />,
      { path: '/checkout' },
    );

    const items = within(screen.getByRole('list', { name: 'Items in your order' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Court Pro Paddle16 mmQuantity: 2$120.00');
    expect(items[0]!.querySelector('img')).toHaveAttribute('src', '/uploads/court-pro-thumb.webp');
    expect(items[1]).toHaveTextContent('Outdoor BallsQuantity: 1Price changed from $10.00 to $12.50.$12.50');
    await waitFor(() => expect(summaryValue('Shipping')).toBe('Free'));
    expect(summaryValue('Subtotal')).toBe('$132.50');
    expect(within(screen.getByLabelText('Order totals')).queryByText(/Discount/)).not.toBeInTheDocument();
    expect(summaryValue('Tax')).toBe('Not calculated yet');
    expect(summaryValue('Total')).toBe('$132.50');
  });

  it('shows an automatic discount the server names, and takes it off the total, as the cart does', async () => {
    shopApi({
      'POST /api/discounts/preview': ok({
        discounts: [{ kind: 'automatic', label: 'Balls: 10 % off', amountCents: 1200, freeShipping: false }],
        lines: [{ variantId: 0, discountCents: 1200 }],
        discountCents: 1200,
        freeShipping: false,
      }),
    });
    renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });

    await waitFor(() => expect(summaryValue('Balls: 10 % off')).toBe('-$12.00'));
    expect(summaryValue('Subtotal')).toBe('$120.00');
    expect(summaryValue('Total')).toBe('$108.00');
  });

  it('opens and closes on phones from the bar that shows the total', async () => {
    shopApi();
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    const toggle = screen.getByRole('button', { name: 'Show order summary $120.00' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);

    expect(screen.getByRole('button', { name: 'Hide order summary $120.00' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('calculates the tax by itself once the address is whole, saying "Calculating…" meanwhile, and shows the figure the server answered', async () => {
    let answer: (value: Answer) => void = () => undefined;
    const api = shopApi({ 'POST /api/tax/calculate': () => new Promise<Answer>((resolve) => (answer = resolve)) });
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });

    await fillShippingAddress(user);

    await waitFor(() => expect(summaryValue('Tax')).toBe('Calculating…'));
    answer(ok(taxResult(913, 0.0761)));
    await waitFor(() => expect(summaryValue('Estimated tax (7.61%)')).toBe('$9.13'));
    expect(summaryValue('Shipping')).toBe('Free');
    expect(summaryValue('Total')).toBe('$129.13');
    expect(await findToast('Tax calculated')).toHaveTextContent('Sales tax: $9.13 (7.61%)');
    expect(screen.getByText(/Estimated from your state's sales tax/)).toBeInTheDocument();
    const sent = api.sentTo('POST /api/tax/calculate');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ toAddress: { state: 'TX', zip: '78701', country: 'US' }, lineItems: [{ id: 1, quantity: 2 }] });
  });

  it("cancels a tax request for an address the shopper has since changed, and shows only the new address's tax", async () => {
    const answers: Array<(value: Answer) => void> = [];
    const api = shopApi({ 'POST /api/tax/calculate': () => new Promise<Answer>((resolve) => answers.push(resolve)) });
    // the fake network records the signal each request was sent with
    const network = globalThis.fetch;
    const signals: Array<AbortSignal | null | undefined> = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/tax/calculate')) signals.push(init?.signal);
      return network(input, init);
    });
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await fillShippingAddress(user);
    await waitFor(() => expect(signals).toHaveLength(1));

    await user.type(screen.getByLabelText('City'), 'o');

    expect(signals[0]?.aborted).toBe(true);
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(signals[1]?.aborted).toBe(false);
    answers[0]!(ok(taxResult(999, 0.09)));
    answers[1]!(ok(taxResult(870, 0.0725)));
    await waitFor(() => expect(summaryValue(/tax/)).toBe('$8.70'));
    expect(api.sentTo('POST /api/tax/calculate')[1]?.body).toMatchObject({ toAddress: { city: 'Austino' } });
  });

  it('clears the tax when any address field changes, and computes it again for the new address', async () => {
    const api = shopApi();
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await fillShippingAddress(user);
    await waitFor(() => expect(summaryValue(/tax/)).toBe('$8.70'));

    await user.type(screen.getByLabelText('City'), 'o');

    expect(summaryValue('Tax')).not.toBe('$8.70');
    expect(summaryValue('Total')).toBe('$120.00');
    await waitFor(() => expect(api.sentTo('POST /api/tax/calculate')).toHaveLength(2));
    expect(api.sentTo('POST /api/tax/calculate')[1]?.body).toMatchObject({ toAddress: { city: 'Austino' } });
    await waitFor(() => expect(summaryValue(/tax/)).toBe('$8.70'));
  });

  it('says when the default rate applied, and when the tax could not be calculated', async () => {
    const api = shopApi({ 'POST /api/tax/calculate': ok(taxResult(900, 0.075, { fallback: true })) });
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await fillShippingAddress(user);

    expect(await findToast('Using default tax rate')).toHaveTextContent(
      'Precise sales tax could not be calculated; the default rate of 7.50% applies ($9.00).',
    );
    expect(summaryValue('Tax (7.50%)')).toBe('$9.00');

    api.route('POST /api/tax/calculate', fails(502, 'The tax service did not answer'));
    await user.clear(screen.getByLabelText('ZIP code'));
    await user.type(screen.getByLabelText('ZIP code'), '78702');

    expect(await findToast('Tax calculation failed')).toHaveTextContent('The tax service did not answer');
    await waitFor(() => expect(summaryValue('Tax')).toBe('Not calculated yet'));
  });
});

describe('the coupon box', () => {
  const tenPercent: CouponResult = { code: 'SAVE10', type: 'percentage', amount: '10.00' };

  it('applies a good code: the box gives way to the coupon, the discount row appears, and it can be removed', async () => {
    const api = shopApi({ 'POST /api/validate-coupon': ok(tenPercent) });
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();

    await user.type(screen.getByLabelText('Coupon code'), ' SAVE10 ');
    await user.click(apply);

    expect(await findToast('Coupon applied successfully!')).toHaveTextContent('10% off your order');
    expect(api.sentTo('POST /api/validate-coupon')[0]?.body).toEqual({ code: 'SAVE10' });
    expect(screen.queryByLabelText('Coupon code')).not.toBeInTheDocument();
    expect(screen.getByText(/applied: 10% off your order/)).toBeInTheDocument();
    await waitFor(() => expect(summaryValue('Discount (SAVE10)')).toBe('-$12.00'));
    expect(summaryValue('Total')).toBe('$108.00');

    await user.click(screen.getByRole('button', { name: 'Remove coupon SAVE10' }));

    expect(screen.getByLabelText('Coupon code')).toHaveValue('');
    expect(within(screen.getByLabelText('Order totals')).queryByText(/Discount/)).not.toBeInTheDocument();
  });

  it('keeps the coupon applied on the cart', async () => {
    shopApi();
    setAppliedCoupon(tenPercent);
    renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });

    await waitFor(() => expect(summaryValue('Discount (SAVE10)')).toBe('-$12.00'));
    expect(screen.getByText(/applied: 10% off your order/)).toBeInTheDocument();
  });

  it("clears a refused code and shows the server's reason", async () => {
    shopApi({ 'POST /api/validate-coupon': fails(400, 'This coupon has expired') });
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });

    await user.type(screen.getByLabelText('Coupon code'), 'SUMMER');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await findToast('Invalid coupon')).toHaveTextContent('This coupon has expired');
    expect(screen.getByLabelText('Coupon code')).toHaveValue('');
    // the toast, and the reason beside the field until another code is typed
    expect(screen.getByLabelText('Coupon code')).toBeInvalid();
    expect(screen.getByLabelText('Coupon code')).toHaveAccessibleDescription('This coupon has expired');
    await user.type(screen.getByLabelText('Coupon code'), 'W');
    expect(screen.getByLabelText('Coupon code')).toBeValid();
    expect(within(screen.getByLabelText('Order totals')).queryByText(/Discount/)).not.toBeInTheDocument();
  });

  it('sends the applied coupon with the payment, so the server prices the same discount', async () => {
    const api = shopApi({
      'POST /api/validate-coupon': ok({ code: 'FIVE', type: 'fixed', amount: '5.00' }),
      'POST /api/create-payment-intent': fails(503, 'The shop is busy'),
    });
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await user.type(screen.getByLabelText('Coupon code'), 'FIVE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await findToast('Coupon applied successfully!')).toHaveTextContent('$5.00 off your order');
    await fillShippingAddress(user);
    await fillCustomer(user);
    expect(await findToast('Tax calculated')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await findToast('Error initializing payment')).toHaveTextContent('The shop is busy');
    expect(api.sentTo('POST /api/tax/calculate')[0]?.body).toMatchObject({ couponCode: 'FIVE' });
    expect(api.sentTo('POST /api/create-payment-intent')[0]?.body).toMatchObject({ couponCode: 'FIVE', amount: 12000 - 500 + 870 });
  });
});
