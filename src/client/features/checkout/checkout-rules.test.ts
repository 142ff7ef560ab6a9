import { describe, expect, it } from 'vitest';
import {
  EMPTY_ADDRESS,
  addressKey,
  checkoutProblem,
  couponDescription,
  firstProblemField,
  isAddressComplete,
  isAddressReadyForAutoTax,
  isValidEmail,
  isTaxEstimate,
  linesKey,
  paymentItems,
  taxLabel,
  taxLineItems,
  taxPercentText,
  toShippingAddress,
} from './checkout-rules.ts';

const address = { street: '1 Court St', city: 'Austin', state: 'TX', zip: '78701' };
const customer = { customerName: 'Pat Player', customerEmail: 'pat@example.com', phone: '' };

describe('isAddressComplete', () => {
  it('needs street, city, state and zip', () => {
    expect(isAddressComplete(address)).toBe(true);
    expect(isAddressComplete(EMPTY_ADDRESS)).toBe(false);
    for (const field of ['street', 'city', 'state', 'zip'] as const) {
      expect(isAddressComplete({ ...address, [field]: '' })).toBe(false);
      expect(isAddressComplete({ ...address, [field]: '   ' })).toBe(false);
    }
  });

  it('computes tax by itself only once the ZIP code is whole', () => {
    expect(isAddressReadyForAutoTax(address)).toBe(true);
    expect(isAddressReadyForAutoTax({ ...address, zip: '787' })).toBe(false);
    expect(isAddressReadyForAutoTax({ ...address, zip: '78701-1234' })).toBe(true);
    expect(isAddressReadyForAutoTax({ ...address, city: '' })).toBe(false);
  });
});

describe('isValidEmail', () => {
  it.each(['a@b.c', 'pat@example.com', ' pat.player+shop@mail.example.org '])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(['', 'pat', 'pat@example', '@example.com', 'pat@.com', 'pat @example.com', 'pat@example.'])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('firstProblemField', () => {
  it('points at the first empty address field, then the name, then the e-mail', () => {
    expect(firstProblemField(EMPTY_ADDRESS, customer)).toBe('street');
    expect(firstProblemField({ ...address, city: ' ', zip: '' }, customer)).toBe('city');
    expect(firstProblemField({ ...address, zip: '' }, customer)).toBe('zip');
    expect(firstProblemField(address, { ...customer, customerName: ' ', customerEmail: 'bad' })).toBe('customerName');
    expect(firstProblemField(address, { ...customer, customerEmail: 'pat@example' })).toBe('customerEmail');
  });
});

describe('checkoutProblem (in order)', () => {
  it('asks for the address first, then the name, then the e-mail', () => {
    expect(checkoutProblem(EMPTY_ADDRESS, { customerName: '', customerEmail: '', phone: '' })).toEqual({
      title: 'Please complete shipping address',
      description: 'All address fields are required to proceed to checkout.',
    });
    expect(checkoutProblem(address, { ...customer, customerName: '  ', customerEmail: 'bad' })).toEqual({
      title: 'Customer name required',
      description: 'Please enter your full name to proceed.',
    });
    expect(checkoutProblem(address, { ...customer, customerEmail: 'pat@example' })).toEqual({
      title: 'Valid email required',
      description: 'Please enter a valid email address to receive order confirmations.',
    });
    expect(checkoutProblem(address, customer)).toBeNull();
  });
});

describe('couponDescription', () => {
  it('reads percent off or dollars off', () => {
    expect(couponDescription({ type: 'percentage', amount: '10.00' })).toBe('10% off your order');
    expect(couponDescription({ type: 'percentage', amount: '12.50' })).toBe('12.5% off your order');
    expect(couponDescription({ type: 'fixed', amount: '5.00' })).toBe('$5.00 off your order');
    expect(couponDescription({ type: 'fixed', amount: '7.5' })).toBe('$7.50 off your order');
  });
});

describe('taxPercentText', () => {
  it('shows the rate as a percent with 2 decimals', () => {
    expect(taxPercentText(0.0725)).toBe('7.25');
    expect(taxPercentText(0.0825)).toBe('8.25');
    expect(taxPercentText(0)).toBe('0.00');
    expect(taxPercentText(Number.NaN)).toBe('0.00');
  });
});

describe('addresses', () => {
  it('sends a trimmed US address and keys it by every field', () => {
    expect(toShippingAddress({ ...address, street: ' 1 Court St ' })).toEqual({ ...address, country: 'US' });
    expect(addressKey(address)).not.toBe(addressKey({ ...address, zip: '78702' }));
  });

  it('gives tax line items with unit prices in dollars', () => {
    const lines = [{ product: { id: 3, name: 'Paddle', price: '129.99' }, quantity: 2 }];
    expect(taxLineItems(lines)).toEqual([{ id: 3, quantity: 2, unit_price: 129.99, product_tax_code: '00000' }]);
  });

  it('names the variant of a line that has one, and the product alone otherwise (carts stored before variants)', () => {
    const lines = [
      { product: { id: 3, name: 'Paddle', price: '189.00' }, variantId: 31, quantity: 1 },
      { product: { id: 3, name: 'Paddle', price: '179.00' }, variantId: 32, quantity: 2 },
      { product: { id: 4, name: 'Grip', price: '6.50' }, quantity: 1 },
    ];
    expect(paymentItems(lines)).toEqual([
      { productId: 3, variantId: 31, quantity: 1 },
      { productId: 3, variantId: 32, quantity: 2 },
      { productId: 4, quantity: 1 },
    ]);
    expect(taxLineItems(lines).map((line) => [line.id, line.variantId, line.unit_price])).toEqual([
      [3, 31, 189],
      [3, 32, 179],
      [4, undefined, 6.5],
    ]);
    expect(linesKey(lines)).toBe('3.31x1,3.32x2,4x1');
  });
});

describe('taxLabel', () => {
  it('labels the built-in average rate an estimate, and neither TaxJar nor the default rate', () => {
    expect(taxLabel(null)).toBe('Tax');
    expect(taxLabel({ provider: 'state-rates', fallback: false, rate: 0.082 })).toBe('Estimated tax (8.20%)');
    expect(taxLabel({ provider: 'taxjar', fallback: false, rate: 0.0825 })).toBe('Tax (8.25%)');
    expect(taxLabel({ provider: 'taxjar', fallback: true, rate: 0.05 })).toBe('Tax (5.00%)');
    expect(isTaxEstimate({ provider: 'state-rates', fallback: false })).toBe(true);
    expect(isTaxEstimate({ provider: 'taxjar', fallback: false })).toBe(false);
    expect(isTaxEstimate(null)).toBe(false);
  });
});
