import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CouponResult } from '#common/schemas/checkout.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { publicConfig, siteSettings, taxResult } from '#client/test/fixtures.ts';
import { fillCustomer, fillShippingAddress, summaryValue } from '#client/test/checkout-steps.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import CheckoutSections, { type CheckoutCart } from './checkout-sections.tsx';

// The checkout sections before payment: the address and customer checks of Proceed to Checkout,
// the coupon box, tax, and the Order Summary's figures.

function checkoutCart(lines: CheckoutCart['items'] = [{ product: { id: 1, name: 'Court Pro Paddle', price: '60.00' }, variantId: null, quantity: 2 }]) {
  return { items: lines, clear: vi.fn(), refresh: vi.fn(async () => undefined) } satisfies CheckoutCart;
}

function shopApi(routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/site-settings': ok(siteSettings({ shippingCost: '10.00', freeShippingThreshold: '100.00' })),
    'GET /api/user': fails(401, 'Not signed in'),
    'GET /api/config': ok(publicConfig()),
    'POST /api/tax/calculate': ok(taxResult(870, 0.0725)),
    ...routes,
  });
}

describe('Proceed to Checkout', () => {
  it('refuses an incomplete address with the spec toast, marks each empty field and focuses the first', async () => {
    const api = shopApi();
    const { user } = renderInShop(<CheckoutSections cart={checkoutCart()} />, { path: '/cart' });
    await fillIn(user, screen.getByLabelText('Street address'), '12 Baseline Rd');

    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));

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
    const { user } = renderInShop(<CheckoutSections cart={checkoutCart()} />, { path: '/cart' });
    await fillShippingAddress(user);
    // the tax's own toast first, so it cannot replace the ones this test reads (one toast at a time)
    expect(await findToast('Tax calculated')).toBeInTheDocument();
    const proceed = screen.getByRole('button', { name: 'Proceed to Checkout' });

    await user.click(proceed);

    expect(await findToast('Customer name required')).toHaveTextContent('Please enter your full name to proceed.');
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Please enter your full name');
    expect(screen.getByLabelText('Full name')).toHaveFocus();

    await fillCustomer(user, { name: 'Dana Dinker', email: 'dana@example' });
    await user.click(proceed);

    expect(await findToast('Valid email required')).toHaveTextContent('Please enter a valid email address to receive order confirmations.');
    expect(screen.getByLabelText('Full name')).toBeValid();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(api.sentTo('POST /api/create-payment-intent')).toHaveLength(0);
  });

  it('keeps the country at US, not editable', () => {
    shopApi();
    renderInShop(<CheckoutSections cart={checkoutCart()} />, { path: '/cart' });

    const country = screen.getByLabelText('Country');
    expect(country).toHaveValue('US');
    expect(country).toHaveAttribute('readonly');
    expect(country).toHaveAccessibleDescription('We ship within the United States only.');
  });
});

describe('the Order Summary', () => {
  it("shows the subtotal, the shop's shipping and what is missing for free shipping", async () => {
    shopApi();
    renderInShop(<CheckoutSections cart={checkoutCart([{ product: { id: 1, name: 'Outdoor Balls', price: '12.50' }, variantId: null, quantity: 3 }])} />, {
      path: '/cart',
    });

    await waitFor(() => expect(summaryValue('Shipping')).toBe('$10.00'));
    expect(summaryValue('Subtotal')).toBe('$37.50');
    expect(summaryValue('Discount')).toBe('$0.00');
    expect(summaryValue('Tax')).toBe('Not calculated yet');
    expect(summaryValue('Total')).toBe('$47.50');
    expect(screen.getByText('Add $62.50 more for free shipping.')).toBeInTheDocument();
  });

  it('calculates the tax by itself once the address is whole, and shows the figure the server answered', async () => {
    const api = shopApi({ 'POST /api/tax/calculate': ok(taxResult(913, 0.0761)) });
    const { user } = renderInShop(<CheckoutSections cart={checkoutCart()} />, { path: '/cart' });

    await fillShippingAddress(user);

    await waitFor(() => expect(summaryValue('Estimated tax (7.61%)')).toBe('$9.13'));
    expect(summaryValue('Shipping')).toBe('Free');
    expect(summaryValue('Total')).toBe('$129.13');
    expect(await findToast('Tax calculated')).toHaveTextContent('Sales tax: $9.13 (7.61%)');
    expect(screen.getByText(/Estimated from your state's sales tax/)).toBeInTheDocument();
    const [sent] = api.sentTo('POST /api/tax/calculate');
    expect(sent?.body).toMatchObject({ toAddress: { state: 'TX', zip: '78701', country: 'US' }, lineItems: [{ id: 1, quantity: 2 }] });
  });

  it('clears the tax when any address field changes', async () => {
    shopApi();
    const { user } = renderInShop(<CheckoutSections cart={checkoutCart()} />, { path: '/cart' });
    await fillShippingAddress(user);
    await waitFor(() => expect(summaryValue(/tax/)).toBe('$8.70'));

    await user.type(screen.getByLabelText('City'), 'o');

    expect(summaryValue('Tax')).toBe('Not calculated yet');
    expect(summaryValue('Total')).toBe('$120.00');
  });

  it('says when the default rate applied, and when the tax could not be calculated', async () => {
    const api = shopApi({ 'POST /api/tax/calculate': ok(taxResult(900, 0.075, { fallback: true })) });
    const { user } = renderInShop(<CheckoutSections cart={checkoutCart()} />, { path: '/cart' });
    await fillShippingAddress(user);

    expect(await findToast('Using default tax rate')).toHaveTextContent(
      'Precise sales tax could not be calculated; the default rate of 7.50% applies ($9.00).',
    );
    expect(summaryValue('Tax (7.50%)')).toBe('$9.00');

    api.route('POST /api/tax/calculate', fails(502, 'The tax service did not answer'));
    await user.clear(screen.getByLabelText('ZIP code'));
    await user.type(screen.getByLabelText('ZIP code'), '78702');
    await user.click(screen.getByRole('button', { name: 'Calculate Tax' }));

    expect(await findToast('Tax calculation failed')).toHaveTextContent('The tax service did not answer');
    expect(summaryValue('Tax')).toBe('Not calculated yet');
  });

  it('asks for the whole address before Calculate Tax', async () => {
    const api = shopApi();
    const { user } = renderInShop(<CheckoutSections cart={checkoutCart()} />, { path: '/cart' });
    await fillIn(user, screen.getByLabelText('Street address'), '12 Baseline Rd');

    await user.click(screen.getByRole('button', { name: 'Calculate Tax' }));

    expect(await findToast('Please complete shipping address')).toHaveTextContent('All address fields are required for tax calculation.');
    expect(api.sentTo('POST /api/tax/calculate')).toHaveLength(0);
  });
});

describe('the coupon box', () => {
  const tenPercent: CouponResult = { code: 'SAVE10', type: 'percentage', amount: '10.00' };

  it('applies a good code: the box gives way to the coupon, the discount shows, and it can be removed', async () => {
    const api = shopApi({ 'POST /api/validate-coupon': ok(tenPercent) });
    const { user } = renderInShop(<CheckoutSections cart={checkoutCart()} />, { path: '/cart' });
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
    expect(summaryValue('Discount')).toBe('$0.00');
  });

  it("clears a refused code and shows the server's reason", async () => {
    shopApi({ 'POST /api/validate-coupon': fails(400, 'This coupon has expired') });
    const { user } = renderInShop(<CheckoutSections cart={checkoutCart()} />, { path: '/cart' });

    await user.type(screen.getByLabelText('Coupon code'), 'SUMMER');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await findToast('Invalid coupon')).toHaveTextContent('This coupon has expired');
    expect(screen.getByLabelText('Coupon code')).toHaveValue('');
    expect(summaryValue('Discount')).toBe('$0.00');
  });

  it('sends the applied coupon with the payment, so the server prices the same discount', async () => {
    const api = shopApi({
      'POST /api/validate-coupon': ok({ code: 'FIVE', type: 'fixed', amount: '5.00' }),
      'POST /api/create-payment-intent': fails(503, 'The shop is busy'),
    });
    const { user } = renderInShop(<CheckoutSections cart={checkoutCart()} />, { path: '/cart' });
    await user.type(screen.getByLabelText('Coupon code'), 'FIVE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await findToast('Coupon applied successfully!')).toHaveTextContent('$5.00 off your order');
    await fillShippingAddress(user);
    await fillCustomer(user);
    expect(await findToast('Tax calculated')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));

    expect(await findToast('Error initializing payment')).toHaveTextContent('The shop is busy');
    expect(api.sentTo('POST /api/tax/calculate')[0]?.body).toMatchObject({ couponCode: 'FIVE' });
    expect(api.sentTo('POST /api/create-payment-intent')[0]?.body).toMatchObject({ couponCode: 'FIVE', amount: 12000 - 500 + 870 });
  });
});
